// The table of one game: the map (zoom, pan, turned to face its player), the prompt with its
// options picked on the map or as buttons, what happened since your last move (in words, with
// the rules, and highlighted on the map), hands, tracks, the whole log one click away; live
// updates over a WebSocket; hot-seat hand-over between local seats.
// No rules here: legal targets are the paths the drawing gives for each option id.
import { api, seatTokens, wsUrl, connectionId, ApiError } from "./api.js";
import { h, s, clear } from "./dom.js";
import { drawBoard, stackPopover, rotateMap, FLAG_COLORS } from "./board.js";
import { tracksPanel, handsPanel, pilesPanel, genericPanels, logPanel, feedPanel, oddsBox, confirmBox, seatName, namer } from "./panels.js";
import { MapView } from "./mapview.js";
import { remember, commitmentLine } from "./fairness.js";

const keyOf = (el) => (el.unit !== undefined ? `unit:${el.unit}` : el.hex !== undefined ? `hex:${el.hex}` : `card:${el.card}`);
const FEED = 12;
const PACE_MS = 300;
// The other seats' decisions that arrive in a burst (an AI's turn) are shown one by one, this
// long each, so a person can follow them; a single change shows at once.
const NOTIFY = "tactica.notify";
let renders = 0;
// Each drawing of the table is counted on #app (data-render): browser tests wait for the next
// drawing after a click instead of sleeping.
const drawn = () => { renders += 1; document.getElementById("app").dataset.render = String(renders); };

export async function showTable(root, gameId) {
  const t = new Table(root, gameId);
  await t.start();
  return t;
}

// Where this seat's last own decision left the log: what came after is "what happened since".
const seen = {
  key: (g, seat) => `tactica.seen.${g}.${seat}`,
  get(g, seat) { const v = localStorage.getItem(this.key(g, seat)); return v === null ? null : Number(v); },
  set(g, seat, n) { localStorage.setItem(this.key(g, seat), String(n)); },
};

class Table {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.tokens = seatTokens.of(gameId);
    this.localSeats = Object.keys(this.tokens).map(Number).sort();
    this.shown = this.localSeats.length ? this.localSeats[0] : null;
    this.payload = null;
    this.map = null;
    this.prefix = [];
    this.menu = null;
    this.odds = null;
    this.confirming = null;
    this.los = null;
    this.message = null;
    this.handoverTo = null;
    this.closed = false;
    this.lastIndex = -1;
    this.rotated = null;
    this.moves = [];
    this.mapView = new MapView();
    this.queue = [];
    this.pumping = false;
    this.wasMyTurn = false;
  }

  get token() { return this.shown === null ? null : this.tokens[this.shown]; }
  // The id of this tab's open WebSocket, sent with each change: its answer is the new view,
  // which the server then does not push over that WebSocket again.
  get live() { return this.ws && this.ws.readyState === WebSocket.OPEN ? this.ws.connection : null; }
  get path() { return `/api/games/${encodeURIComponent(this.gameId)}`; }

  async start() {
    document.getElementById("crumb").textContent = "Table";
    clear(this.root).append(h("p", { class: "loading" }, "Setting up the table…"));
    let p;
    try {
      p = await api("GET", this.path, { token: this.token });
    } catch (e) {
      if (e.status === 403 && this.token) {
        // this browser's link for the seat was replaced or revoked: forget it and watch
        seatTokens.remove(this.gameId, this.shown);
        this.tokens = seatTokens.of(this.gameId);
        this.localSeats = Object.keys(this.tokens).map(Number).sort();
        this.shown = this.localSeats.length ? this.localSeats[0] : null;
        this.message = "Your link to this seat was replaced or revoked: ask the game's host for a new one.";
        return this.start();
      }
      clear(this.root).append(h("p", { class: "error" }, `Cannot open this game: ${e.detail || e.message}`), h("a", { href: "#/" }, "Back to the lobby"));
      return;
    }
    if (p.has_map) { this.map = await api("GET", `${this.path}/map`); this.mapName = p.map_name; }
    const d = p.view.decision;
    if (d && this.localSeats.includes(d.seat) && d.seat !== this.shown) {
      this.shown = d.seat;
      p = await api("GET", this.path, { token: this.token });
    }
    if (this.localSeats.length > 1 && d) { this.payload = p; this.handover(this.shown); }
    else this.onPayload(p);
    this.connect();
  }

  close() {
    this.closed = true;
    document.title = "tactica";
    if (this.ws) this.ws.close();
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(wsUrl(`${this.path}/ws`));
    ws.connection = connectionId();
    this.ws = ws;
    const seat = this.shown;
    const conn = document.getElementById("conn");
    ws.onopen = () => { ws.send(JSON.stringify({ token: this.token, connection: ws.connection })); conn.textContent = "● live"; conn.className = "conn on"; };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "view" && seat === this.shown) { this.queue.push(m); this.pump(); }
      else if (m.type === "error") this.toast(m.detail);
    };
    ws.onclose = () => {
      conn.textContent = "○ reconnecting"; conn.className = "conn off";
      if (this.ws === ws && !this.closed) setTimeout(() => this.connect(), 1000);
    };
  }

  pump() {
    if (this.pumping) return;
    const next = this.queue.shift();
    if (!next) return;
    this.pumping = true;
    this.onPayload(next);
    setTimeout(() => { this.pumping = false; this.pump(); }, this.queue.length ? PACE_MS : 0);
  }

  // A browser notification when the turn comes to this seat while the tab is hidden (opt-in).
  notify() {
    const p = this.payload;
    const d = p && p.view.decision;
    const mine = Boolean(d && d.seat === this.shown && d.options);
    if (mine && !this.wasMyTurn && document.hidden && localStorage.getItem(NOTIFY) === "1"
        && "Notification" in window && Notification.permission === "granted") {
      new Notification("tactica: your turn", { body: d.prompt, tag: `tactica-${this.gameId}` });
    }
    this.wasMyTurn = mine;
  }

  async toggleNotify() {
    if (localStorage.getItem(NOTIFY) === "1") { localStorage.removeItem(NOTIFY); this.render(); return; }
    if ("Notification" in window && Notification.permission !== "granted") await Notification.requestPermission();
    if ("Notification" in window && Notification.permission === "granted") localStorage.setItem(NOTIFY, "1");
    else this.message = "This browser does not allow notifications for this page.";
    this.render();
  }

  // A payload is shown when it is at least as new as the one on the table: the server stamps
  // every change (a decision, an undo, a resignation), so an undo's older position is shown and
  // a late answer never hides a newer view.
  onPayload(p) {
    if (p.seat !== this.shown) return;
    if (this.payload && this.payload.seat === p.seat && (p.rev ?? 0) < (this.payload.rev ?? 0)) return;
    // the same change again (an answer to a decision and its broadcast, when the WebSocket's
    // hello had not reached the server yet): already shown
    if (this.payload && p.rev !== undefined && p.rev === this.payload.rev && this.handoverTo === null && !this.message) return;
    const before = this.payload;
    this.payload = p;
    remember(this.gameId, p.fairness);
    if (p.index !== this.lastIndex) {
      if (before && before.seat === p.seat && p.index > before.index) this.trackMoves(before, p);
      else if (before && p.index < before.index) this.moves = [];
      this.lastIndex = p.index;
      this.prefix = []; this.menu = null; this.odds = null; this.confirming = null;
    }
    if (p.has_map && this.map && p.map_name !== this.mapName) {  // the game moved to another map
      this.mapName = p.map_name;
      api("GET", `${this.path}/map`).then((m) => { this.map = m; this.render(); });
    }
    if (this.shown !== null && seen.get(this.gameId, this.shown) === null) seen.set(this.gameId, this.shown, p.view.log.length);
    const d = p.view.decision;
    this.title();
    this.notify();
    if (this.handoverTo !== null) return;
    if (this.localSeats.length > 1 && d && this.localSeats.includes(d.seat) && d.seat !== this.shown) {
      this.handover(d.seat);
      return;
    }
    this.render();
  }

  // Pieces that changed hex between two views are paths of the last moves.
  trackMoves(a, b) {
    const was = new Map((a.table.pieces || []).map((p) => [p.id, p.hex]));
    for (const p of b.table.pieces || []) {
      const from = was.get(p.id);
      if (from && from !== p.hex) this.moves.push({ unit: p.id, from, to: p.hex });
    }
  }

  title() {
    const p = this.payload;
    const d = p && p.view.decision;
    const mine = d && d.seat === this.shown && d.options;
    document.title = p && p.status === "over" ? "Game over · tactica" : mine ? "● Your turn · tactica" : "Waiting · tactica";
  }

  handover(seat) {
    this.handoverTo = seat;
    const table = (this.payload && this.payload.table) || { sides: [] };
    const name = seatName(table, this.payload.view.seats, seat);
    document.getElementById("crumb").textContent = "Hand-over";
    clear(this.root).append(h("div", { class: "handover", "data-testid": "handover" },
      h("h2", {}, `Pass the screen to ${name}`),
      h("p", {}, "The other player's hand is hidden until they confirm."),
      h("button", { class: "primary", "data-testid": "take-seat", onclick: () => this.takeSeat(seat) }, `I am ${name}: show my side`)));
    drawn();
  }

  async takeSeat(seat) {
    this.handoverTo = null;
    this.shown = seat;
    this.lastIndex = -1;
    this.rotated = null;
    this.moves = [];
    this.queue = [];
    this.payload = null;
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.onPayload(await api("GET", this.path, { token: this.token }));
    this.connect();
  }

  toast(msg) {
    this.message = msg;
    this.render();
  }

  // ------------------------------------------------------------------ picking on the table
  myOptions() {
    const d = this.payload && this.payload.view.decision;
    return d && d.options && d.seat === this.shown ? d.options : [];
  }

  spec(o) { return (this.payload.table.options || {})[o.id] || {}; }
  pathOf(o) { return this.spec(o).path || []; }

  nextPicks(prefix) {
    const out = new Map();
    for (const o of this.myOptions()) {
      const p = this.pathOf(o);
      if (p.length > prefix.length && prefix.every((el, i) => keyOf(el) === keyOf(p[i]))) out.set(keyOf(p[prefix.length]), p[prefix.length]);
    }
    return out;
  }

  complete(prefix) {
    return this.myOptions().filter((o) => {
      const p = this.pathOf(o);
      return p.length === prefix.length && p.length > 0 && prefix.every((el, i) => keyOf(el) === keyOf(p[i]));
    });
  }

  onPick(el) {
    if (this.mapView.dragged) return;
    if (this.los && this.los.picking) { if (el.hex) this.losPick(el.hex); return; }
    const tries = [];
    if (el.unit !== undefined) tries.push({ unit: el.unit });
    if (el.hex !== undefined) tries.push({ hex: el.hex });
    if (el.card !== undefined) tries.push({ card: el.card });
    let prefix = null;
    for (const base of [this.prefix, []]) {
      const next = this.nextPicks(base);
      const hit = tries.find((t) => next.has(keyOf(t)));
      if (hit) { prefix = [...base, hit]; break; }
    }
    this.menu = null; this.odds = null; this.message = null; this.confirming = null;
    if (!prefix) { this.prefix = []; this.render(); return; }
    this.prefix = prefix;
    const done = this.complete(prefix);
    const more = this.nextPicks(prefix);
    if (done.length === 1 && more.size === 0) { this.choose(done[0]); return; }
    if (done.length) this.menu = done;
    this.render();
  }

  onStack(list, ev) {
    if (this.mapView.dragged) return;
    const table = this.payload.table;
    const ui = this.uiState();
    const hex = list[0].hex;
    // a stack in a hex that is itself the target (move, place, fire at it): pick the hex
    if (!list.some((p) => ui.highlight.has(`unit:${p.id}`)) && ui.highlight.has(`hex:${hex}`)) {
      this.onPick({ hex });
      return;
    }
    // exactly one piece of the stack is a legal pick (and not the hex): pick it
    const hits = list.filter((p) => ui.highlight.has(`unit:${p.id}`));
    if (hits.length === 1 && !ui.highlight.has(`hex:${hex}`)) {
      this.onPick({ unit: hits[0].id, hex });
      return;
    }
    const pop = stackPopover(list, table.sides, ui, (p) => { pop.remove(); this.onPick({ unit: p.id, hex: p.hex }); });
    document.querySelectorAll(".popover").forEach((x) => x.remove());
    const x = ev.clientX || 200, y = ev.clientY || 200;
    pop.style.left = `${x + 8}px`;
    pop.style.top = `${y + 8}px`;
    document.body.append(pop);
    const r = pop.getBoundingClientRect();  // keep the whole menu on the screen
    pop.style.left = `${Math.max(4, Math.min(x + 8, innerWidth - r.width - 8))}px`;
    pop.style.top = `${Math.max(4, Math.min(y + 8, innerHeight - r.height - 8))}px`;
    const first = pop.querySelector("button");
    if (first) first.focus();
    drawn();
    setTimeout(() => document.addEventListener("click", function off(e) {
      if (!pop.contains(e.target)) { pop.remove(); document.removeEventListener("click", off); }
    }), 0);
  }

  // An option that destroys, spends or ends something irreversible asks first (its drawing
  // says so with `confirm`); a fire attack shows its odds first.
  async choose(o, confirmed = false) {
    const spec = this.spec(o);
    if (spec.confirm && !confirmed) {
      this.confirming = o;
      this.render();
      return;
    }
    this.confirming = null;
    if (spec.odds) {
      try {
        const odds = await api("GET", `${this.path}/odds?option=${encodeURIComponent(o.id)}`, { token: this.token });
        this.odds = { option: o, odds };
        this.render();
        return;
      } catch (e) { /* no odds: act directly */ }
    }
    await this.send(o.id);
  }

  async send(optionId) {
    this.odds = null; this.menu = null; this.prefix = []; this.confirming = null;
    try {
      const p = await api("POST", `${this.path}/decisions`, { token: this.token, live: this.live, body: { index: this.payload.index, option: optionId } });
      this.message = null;
      this.moves = [];
      seen.set(this.gameId, this.shown, p.view.log.length);
      this.onPayload(p);
    } catch (e) {
      await this.refused(e);
    }
  }

  async undo() {
    try {
      const p = await api("POST", `${this.path}/undo`, { token: this.token, live: this.live, body: { index: this.payload.index } });
      this.moves = [];
      seen.set(this.gameId, this.shown, p.view.log.length);
      this.onPayload(p);
    } catch (e) { await this.refused(e); }
  }

  async resign() {
    if (!confirm("Resign this game? The other side wins; this cannot be undone.")) return;
    try { this.onPayload(await api("POST", `${this.path}/resign`, { token: this.token, live: this.live })); } catch (e) { await this.refused(e); }
  }

  mayAct(p) {
    return this.shown !== null && p.status === "active" && !p.read_only && (p.seats[this.shown] || {}).kind === "human";
  }

  async setAutoPass(on) {
    try {
      this.onPayload(await api("POST", `${this.path}/preferences`, { token: this.token, live: this.live, body: { auto_pass: on } }));
    } catch (e) { await this.refused(e); }
  }

  async refused(e) {
    this.message = e instanceof ApiError ? `Refused (${e.status}): ${e.detail}` : String(e);
    try { this.payload = await api("GET", this.path, { token: this.token }); this.lastIndex = this.payload.index; } catch { /* keep */ }
    this.render();
  }

  // ------------------------------------------------------------------ line of sight
  toggleLos() {
    this.los = this.los ? null : { picking: true, picks: [], hexes: new Set(), blocked: new Set(), line: null };
    this.render();
  }

  async losPick(hex) {
    const l = this.los;
    if (l.picks.length >= 2) { l.picks = []; l.hexes = new Set(); l.blocked = new Set(); l.line = null; l.result = null; }
    l.picks.push(hex);
    l.hexes.add(hex);
    if (l.picks.length === 2) {
      try {
        const r = await api("GET", `${this.path}/los?a=${encodeURIComponent(l.picks[0])}&b=${encodeURIComponent(l.picks[1])}`);
        l.result = r; l.clear = r.clear; l.line = [r.from, r.to];
        l.hexes = new Set(r.path); l.blocked = new Set(r.obstructions || []);
      } catch (e) { l.result = { error: e.detail || e.message }; }
    }
    this.render();
  }

  // ------------------------------------------------------------------ what happened
  // The entries since this seat's last decision, and what they show on the map: the paths of
  // moved pieces, firer to target, and every hex and piece they name.
  since() {
    const log = this.payload.view.log;
    const mark = this.shown === null ? null : seen.get(this.gameId, this.shown);
    const from = mark === null ? Math.max(0, log.length - FEED) : Math.min(mark, log.length);
    return { from, entries: log.slice(from) };
  }

  trail() {
    const { table } = this.payload;
    const where = new Map((table.pieces || []).map((p) => [p.id, p.hex]));
    const hexIds = new Set(this.map ? this.map.hexes.map((x) => x.id) : []);
    const hexOf = (v) => (hexIds.has(v) ? v : where.get(v));
    const t = { hexes: new Set(), units: new Set(), moves: [], shots: [] };
    for (const m of this.moves) { t.moves.push([m.from, m.to]); t.units.add(m.unit); t.hexes.add(m.to); }
    for (const e of this.since().entries) {
      const d = e.data || {};
      const refs = [];
      for (const v of Object.values(d)) if (typeof v === "string") refs.push(...v.split(/,\s*/));
      for (const r of refs) {
        if (hexIds.has(r)) t.hexes.add(r);
        else if (where.has(r)) { t.units.add(r); t.hexes.add(where.get(r)); }
      }
      const src = d.who || d.what;
      const dst = d.target || (src ? d.unit : null);
      if (typeof src === "string" && typeof dst === "string") {
        const a = hexOf(src.split(/,\s*/)[0]), b = hexOf(dst);
        if (a && b && a !== b) t.shots.push([a, b]);
      }
    }
    return t;
  }

  // ------------------------------------------------------------------ drawing
  uiState() {
    const highlight = new Set(this.nextPicks(this.prefix).keys());
    if (this.prefix.length) for (const k of this.nextPicks([]).keys()) if (!this.prefix.some((p) => keyOf(p) === k)) highlight.add(k);
    return {
      highlight: this.los && this.los.picking ? new Set() : highlight,
      selected: new Set(this.prefix.map(keyOf)),
      los: this.los,
      trail: this.map ? this.trail() : null,
      named: namer(this.payload.table),
      onPick: (el) => this.onPick(el),
      onStack: (list, ev) => this.onStack(list, ev),
    };
  }

  // The map faces the player: the drawing may say how each seat faces; otherwise a seat whose
  // pieces (or set-up areas) lie in the upper half sees the map turned.
  facing() {
    const table = this.payload.table;
    if (this.shown === null) return false;
    if (Array.isArray(table.facing) && table.facing[this.shown] !== undefined) return table.facing[this.shown] === 180;
    const [, vy, , vh] = this.map.viewbox;
    const ys = new Map(this.map.hexes.map((x) => [x.id, x.y]));
    const mine = (table.pieces || []).filter((p) => p.side === this.shown).map((p) => ys.get(p.hex))
      .concat((table.zones || []).filter((z) => z.side === this.shown).flatMap((z) => z.hexes.map((x) => ys.get(x))))
      .filter((y) => y !== undefined);
    if (!mine.length) return this.shown > 0;
    return mine.reduce((a, y) => a + y, 0) / mine.length < vy + vh / 2;
  }

  render() {
    const p = this.payload;
    if (!p || this.handoverTo !== null) return;
    const { view, table } = p;
    const seats = view.seats;
    const me = this.shown;
    document.getElementById("crumb").textContent =
      `${view.game} · ${view.scenario} · ${me === null ? "watching" : "you play " + seatName(table, seats, me)}`;
    const ui = this.uiState();
    const scroll = this.root.querySelector(".side");
    const keep = scroll ? scroll.scrollTop : 0;
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-hex],[data-stack]");
    const refocus = focused ? (focused.getAttribute("data-hex") ? `g.hex[data-hex='${focused.getAttribute("data-hex")}']` : `g.stack[data-stack='${focused.getAttribute("data-stack")}']`) : null;
    clear(this.root);
    const mapCol = h("div", { class: "mapcol" });
    if (this.map) {
      if (this.rotated === null) this.rotated = this.facing();
      const map = this.rotated ? rotateMap(this.map) : this.map;
      const svg = s("svg", { class: "map", "data-testid": "map", "data-turned": this.rotated ? "yes" : "no", preserveAspectRatio: "xMidYMid meet", role: "group", "aria-label": `Map${this.rotated ? " (turned to face you)" : ""}` });
      drawBoard(svg, map, table, ui);
      this.mapView.attach(svg, map.viewbox);
      svg.addEventListener("click", (e) => { if (e.target === svg && !this.mapView.dragged) { this.prefix = []; this.menu = null; this.render(); } });
      mapCol.append(h("div", { class: "mapwrap" }, svg,
        h("div", { class: "maptools", role: "toolbar", "aria-label": "Map view" },
          h("button", { class: "small", "aria-label": "Zoom in", "data-testid": "zoom-in", onclick: () => this.mapView.zoom(1.25) }, "+"),
          h("button", { class: "small", "aria-label": "Zoom out", "data-testid": "zoom-out", onclick: () => this.mapView.zoom(0.8) }, "−"),
          h("button", { class: "small", "aria-label": "Show the whole map", onclick: () => this.mapView.reset() }, "⤢"),
          h("button", { class: "small", "data-testid": "turn-map", "aria-label": "Turn the map half a circle", onclick: () => { this.rotated = !this.rotated; this.mapView.reset(); this.render(); } }, "⟲ Turn"))),
      this.legend(table));
    } else {
      mapCol.append(h("div", { class: "nomap muted" }, "This rules module draws no map: its options are the buttons on the right."));
    }
    const since = this.since();
    const side = h("div", { class: "side" },
      this.promptPanel(p, ui), feedPanel(view, table, since, ui.named),
      tracksPanel(table, seats), handsPanel(table, seats, me, ui),
      pilesPanel(table), genericPanels(table), logPanel(view, ui.named));
    this.root.append(h("div", { class: "tablelayout" }, mapCol, side));
    side.scrollTop = keep;
    if (refocus) { const el = this.root.querySelector(refocus); if (el && el.getAttribute("tabindex")) el.focus(); }
    drawn();
  }

  legend(table) {
    const styles = (table.terrain && table.terrain.styles) || {};
    const used = new Set(this.map.hexes.flatMap((x) => x.terrain));
    Object.values((table.terrain && table.terrain.changes) || {}).forEach((t) => t.forEach((x) => used.add(x)));
    const marks = new Map();
    for (const m of table.markers || []) if (!marks.has(m.kind)) marks.set(m.kind, m);
    const flags = new Set((table.pieces || []).flatMap((p) => p.flags || []));
    return h("div", { class: "legend", "data-testid": "legend" },
      (table.sides || []).map((sd) => h("span", { class: "swatch" }, h("i", { style: `background:${sd.color}` }), sd.name)),
      [...used].filter((t) => styles[t] && styles[t].label).map((t) =>
        h("span", { class: "swatch" }, h("i", { style: `background:${styles[t].fill}` }), styles[t].label)),
      [...marks.values()].map((m) => h("span", { class: "swatch" }, h("b", { class: "mark" }, m.label || "•"), (table.legend || {})[m.kind] || m.kind)),
      [...flags].map((f) => h("span", { class: "swatch" }, h("i", { class: "dot", style: `background:${FLAG_COLORS[f] || "#fff"}` }), f)),
      h("span", { class: "swatch" }, h("i", { class: "brokenkey" }), "red band: broken side"),
      (table.zones || []).length ? h("span", { class: "swatch" }, h("i", { class: "zonekey" }), "outlined: sections and areas") : null,
      h("span", { class: "swatch" }, h("i", { class: "lastkey" }), "blue ring and arrows: moves since your last decision; red: fire"));
  }

  promptPanel(p, ui) {
    const { view, table } = p;
    const seats = view.seats;
    const named = ui.named;
    const box = h("section", { class: "panel prompt", "data-testid": "prompt", "aria-live": "polite" });
    if (this.message) box.append(h("div", { class: "error", "data-testid": "error", role: "alert" }, this.message));
    if (p.notice) box.append(h("p", { class: "notice", "data-testid": "notice", role: "status" }, p.notice));
    if (view.result) {
      const rets = view.result.returns;
      const winner = rets.indexOf(Math.max(...rets));
      const draw = rets.every((r) => r === rets[0]);
      box.append(h("div", { class: "result", "data-testid": "result" },
        h("h2", {}, draw ? "Drawn game" : `${seatName(table, seats, winner)} win`),
        h("p", {}, view.result.reason),
        h("a", { class: "button primary", href: `#/game/${encodeURIComponent(this.gameId)}/replay` }, "Replay the game")));
    }
    const d = p.read_only ? null : view.decision;
    const label = (o) => (this.spec(o).label) || named(o.label);
    if (d && d.seat === this.shown && d.options) {
      const opts = d.options;
      const onMap = opts.filter((o) => this.pathOf(o).length);
      const grouped = opts.filter((o) => !this.pathOf(o).length && this.spec(o).group);
      const buttons = opts.filter((o) => !this.pathOf(o).length && !this.spec(o).group);
      box.append(h("h2", { "data-testid": "prompt-text" }, named(table.prompt || d.prompt)));
      if (onMap.length) {
        const what = this.prefix.length ? "Now pick a highlighted target, or another piece." : "Pick a highlighted piece, hex or card (or Tab to it and press Enter).";
        box.append(h("p", { class: "hint" }, what));
      }
      if (this.prefix.length) {
        box.append(h("div", { class: "chips" }, "Selected: ", this.prefix.map((el) => h("span", { class: "chip" }, named(el.unit || el.hex || el.card))),
          h("button", { class: "small", onclick: () => { this.prefix = []; this.menu = null; this.render(); } }, "✕ clear")));
      }
      if (this.confirming) {
        const o = this.confirming;
        box.append(confirmBox(label(o), named(this.spec(o).confirm), () => this.choose(o, true), () => { this.confirming = null; this.prefix = []; this.render(); }));
      } else if (this.odds) {
        box.append(h("div", {}, h("b", {}, label(this.odds.option))),
          oddsBox(this.odds.odds, () => this.send(this.odds.option.id), () => { this.odds = null; this.prefix = []; this.render(); }, named));
      } else if (this.menu) {
        box.append(h("div", { class: "menu" }, h("div", { class: "muted" }, "Which one?"),
          this.menu.map((o) => h("button", { class: "option", "data-option": o.id, onclick: () => { this.menu = null; this.prefix = []; this.choose(o); } }, label(o)))));
      }
      box.append(h("div", { class: "buttons" }, buttons.map((o) =>
        h("button", { class: "option", "data-option": o.id, onclick: () => this.choose(o) }, label(o)))));
      const groups = new Map();
      for (const o of grouped) { const g = this.spec(o).group; if (!groups.has(g)) groups.set(g, []); groups.get(g).push(o); }
      for (const [g, list] of groups) {
        box.append(h("details", { class: "optgroup", "data-testid": "option-group" }, h("summary", {}, `${g} (${list.length})`),
          list.map((o) => h("button", { class: "option small", "data-option": o.id, onclick: () => this.choose(o) }, label(o)))));
      }
      if (d.can_undo) box.append(h("button", { class: "undo", "data-testid": "undo", onclick: () => this.undo() }, "↶ Undo"));
      if (onMap.length) {
        box.append(h("details", { class: "alloptions" }, h("summary", {}, `All ${onMap.length} map options as a list`),
          onMap.map((o) => h("button", { class: "option small", "data-option": o.id, onclick: () => this.choose(o) }, label(o)))));
      }
    } else if (d) {
      const who = p.seats[d.seat];
      const kind = who && who.kind === "ai" ? ` (AI: ${who.level})` : "";
      box.append(h("h2", { class: "waiting", "data-testid": "waiting" }, `Waiting for ${seatName(table, seats, d.seat)}${kind}…`));
    }
    const l = this.los;
    box.append(h("div", { class: "tools" },
      this.map ? h("button", { class: l ? "small active" : "small", "data-testid": "los", onclick: () => this.toggleLos() }, l ? "Line of sight: on" : "Line of sight") : null,
      l ? h("span", { class: "muted" }, l.result ? (l.result.error || `${l.result.from} → ${l.result.to}: ${l.result.clear ? "clear" : "blocked"}${l.result.obstructions && l.result.obstructions.length ? " by " + l.result.obstructions.join(", ") : ""} (${l.result.rule || ""})`) : ` pick two hexes (${l.picks.length}/2)`) : null,
      h("span", { class: "spacer" }),
      this.shown !== null && "Notification" in window
        ? h("button", { class: "small", "data-testid": "notify", "aria-pressed": localStorage.getItem(NOTIFY) === "1" ? "true" : "false", onclick: () => this.toggleNotify() },
          localStorage.getItem(NOTIFY) === "1" ? "Notifying: on" : "Notify me") : null,
      this.mayAct(p) ? autoPassToggle(!!(view.auto_pass || [])[this.shown], (on) => this.setAutoPass(on)) : null,
      this.mayAct(p) ? h("button", { class: "small danger", "data-testid": "resign", onclick: () => this.resign() }, "Resign") : null));
    // a seat that skips windows by its hand tells the others so (docs/architecture.md "Reaction windows")
    const others = (view.auto_pass || []).map((on, i) => (on && i !== this.shown ? i : null)).filter((i) => i !== null);
    if (p.status === "active" && others.length) {
      box.append(h("p", { class: "muted", "data-testid": "auto-pass-note" },
        `Auto-pass is on for ${others.map((i) => seatName(table, seats, i)).join(", ")}: `
        + "a reaction window where that hand allows nothing but the pass is passed without asking, so a window "
        + "not asked means no playable card."));
    }
    if (p.status === "active") box.append(commitmentLine(p.fairness));
    return box;
  }
}

function autoPassToggle(on, set) {
  return h("button", {
    class: on ? "small active" : "small", "data-testid": "auto-pass", "aria-pressed": on ? "true" : "false",
    title: "Pass for me at every reaction window where my hand allows nothing but the pass. "
      + "Faster, but the other side is told, and learns from each window I am not asked that I hold no playable card.",
    onclick: () => set(!on),
  }, on ? "Auto-pass: on" : "Auto-pass: off");
}
