// The table of one game: the map, the prompt with its options picked on the map or as buttons,
// hands, tracks, the log; live updates over a WebSocket; hot-seat hand-over between local seats.
// No rules here: legal targets are the paths the drawing gives for each option id.
import { api, seatTokens, wsUrl, ApiError } from "./api.js";
import { h, s, clear } from "./dom.js";
import { drawBoard, stackPopover } from "./board.js";
import { tracksPanel, handsPanel, pilesPanel, genericPanels, logPanel, oddsBox, seatName } from "./panels.js";

const keyOf = (el) => (el.unit !== undefined ? `unit:${el.unit}` : el.hex !== undefined ? `hex:${el.hex}` : `card:${el.card}`);

export async function showTable(root, gameId) {
  const t = new Table(root, gameId);
  await t.start();
  return t;
}

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
    this.los = null;
    this.message = null;
    this.handoverTo = null;
    this.closed = false;
    this.lastIndex = -1;
  }

  get token() { return this.shown === null ? null : this.tokens[this.shown]; }
  get path() { return `/api/games/${encodeURIComponent(this.gameId)}`; }

  async start() {
    document.getElementById("crumb").textContent = "Table";
    clear(this.root).append(h("p", { class: "loading" }, "Setting up the table…"));
    let p;
    try {
      p = await api("GET", this.path, { token: this.token });
    } catch (e) {
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
    if (this.ws) this.ws.close();
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(wsUrl(`${this.path}/ws`));
    this.ws = ws;
    const seat = this.shown;
    const conn = document.getElementById("conn");
    ws.onopen = () => { ws.send(JSON.stringify({ token: this.token })); conn.textContent = "● live"; conn.className = "conn on"; };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "view" && seat === this.shown) this.onPayload(m);
      else if (m.type === "error") this.toast(m.detail);
    };
    ws.onclose = () => {
      conn.textContent = "○ reconnecting"; conn.className = "conn off";
      if (this.ws === ws && !this.closed) setTimeout(() => this.connect(), 1000);
    };
  }

  onPayload(p) {
    if (p.seat !== this.shown) return;
    if (this.payload && p.index < this.payload.index && p.status === this.payload.status) return;
    this.payload = p;
    if (p.index !== this.lastIndex) {
      this.lastIndex = p.index;
      this.prefix = []; this.menu = null; this.odds = null;
    }
    if (p.has_map && this.map && p.map_name !== this.mapName) {  // the game moved to another map
      this.mapName = p.map_name;
      api("GET", `${this.path}/map`).then((m) => { this.map = m; this.render(); });
    }
    const d = p.view.decision;
    if (this.handoverTo !== null) return;
    if (this.localSeats.length > 1 && d && this.localSeats.includes(d.seat) && d.seat !== this.shown) {
      this.handover(d.seat);
      return;
    }
    this.render();
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
  }

  async takeSeat(seat) {
    this.handoverTo = null;
    this.shown = seat;
    this.lastIndex = -1;
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

  pathOf(o) { return ((this.payload.table.options || {})[o.id] || {}).path || []; }

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
    this.menu = null; this.odds = null; this.message = null;
    if (!prefix) { this.prefix = []; this.render(); return; }
    this.prefix = prefix;
    const done = this.complete(prefix);
    const more = this.nextPicks(prefix);
    if (done.length === 1 && more.size === 0) { this.choose(done[0]); return; }
    if (done.length) this.menu = done;
    this.render();
  }

  onStack(list, ev) {
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
    pop.style.left = `${ev.clientX + 8}px`;
    pop.style.top = `${ev.clientY + 8}px`;
    document.body.append(pop);
    setTimeout(() => document.addEventListener("click", function off(e) {
      if (!pop.contains(e.target)) { pop.remove(); document.removeEventListener("click", off); }
    }), 0);
  }

  async choose(o) {
    const spec = (this.payload.table.options || {})[o.id] || {};
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
    this.odds = null; this.menu = null; this.prefix = [];
    try {
      const p = await api("POST", `${this.path}/decisions`, { token: this.token, body: { index: this.payload.index, option: optionId } });
      this.message = null;
      this.onPayload(p);
    } catch (e) {
      await this.refused(e);
    }
  }

  async undo() {
    try {
      this.onPayload(await api("POST", `${this.path}/undo`, { token: this.token, body: { index: this.payload.index } }));
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

  // ------------------------------------------------------------------ drawing
  uiState() {
    const highlight = new Set(this.nextPicks(this.prefix).keys());
    if (this.prefix.length) for (const k of this.nextPicks([]).keys()) if (!this.prefix.some((p) => keyOf(p) === k)) highlight.add(k);
    return {
      highlight: this.los && this.los.picking ? new Set() : highlight,
      selected: new Set(this.prefix.map(keyOf)),
      los: this.los,
      onPick: (el) => this.onPick(el),
      onStack: (list, ev) => this.onStack(list, ev),
    };
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
    clear(this.root);
    const mapCol = h("div", { class: "mapcol" });
    if (this.map) {
      const svg = s("svg", { class: "map", "data-testid": "map", preserveAspectRatio: "xMidYMid meet" });
      drawBoard(svg, this.map, table, ui);
      svg.addEventListener("click", (e) => { if (e.target === svg) { this.prefix = []; this.menu = null; this.render(); } });
      mapCol.append(h("div", { class: "mapwrap" }, svg), this.legend(table));
    } else {
      mapCol.append(h("div", { class: "nomap muted" }, "This rules module draws no map: its options are the buttons on the right."));
    }
    const side = h("div", { class: "side" },
      this.promptPanel(p, ui), tracksPanel(table, seats), handsPanel(table, seats, me, ui),
      pilesPanel(table), genericPanels(table), logPanel(view));
    this.root.append(h("div", { class: "tablelayout" }, mapCol, side));
    side.scrollTop = keep;
  }

  legend(table) {
    const styles = (table.terrain && table.terrain.styles) || {};
    const used = new Set(this.map.hexes.flatMap((x) => x.terrain));
    Object.values((table.terrain && table.terrain.changes) || {}).forEach((t) => t.forEach((x) => used.add(x)));
    return h("div", { class: "legend" }, [...used].filter((t) => styles[t]).map((t) =>
      h("span", { class: "swatch" }, h("i", { style: `background:${styles[t].fill}` }), styles[t].label || t)),
      (table.sides || []).map((sd) => h("span", { class: "swatch" }, h("i", { style: `background:${sd.color}` }), sd.name)));
  }

  promptPanel(p, ui) {
    const { view, table } = p;
    const seats = view.seats;
    const box = h("section", { class: "panel prompt", "data-testid": "prompt" });
    if (this.message) box.append(h("div", { class: "error", "data-testid": "error" }, this.message));
    if (view.result) {
      const rets = view.result.returns;
      const winner = rets.indexOf(Math.max(...rets));
      const draw = rets.every((r) => r === rets[0]);
      box.append(h("div", { class: "result", "data-testid": "result" },
        h("h2", {}, draw ? "Drawn game" : `${seatName(table, seats, winner)} win`),
        h("p", {}, view.result.reason),
        h("a", { class: "button primary", href: `#/game/${encodeURIComponent(this.gameId)}/replay` }, "Replay the game")));
    }
    const d = view.decision;
    if (d && d.seat === this.shown && d.options) {
      const opts = d.options;
      const onMap = opts.filter((o) => this.pathOf(o).length);
      const buttons = opts.filter((o) => !this.pathOf(o).length);
      box.append(h("h2", { "data-testid": "prompt-text" }, d.prompt));
      if (onMap.length) {
        const what = this.prefix.length ? "Now pick a highlighted target, or another piece." : "Pick a highlighted piece, hex or card.";
        box.append(h("p", { class: "hint" }, what));
      }
      if (this.prefix.length) {
        box.append(h("div", { class: "chips" }, "Selected: ", this.prefix.map((el) => h("span", { class: "chip" }, el.unit || el.hex || el.card)),
          h("button", { class: "small", onclick: () => { this.prefix = []; this.menu = null; this.render(); } }, "✕ clear")));
      }
      if (this.odds) {
        box.append(h("div", {}, h("b", {}, this.odds.option.label)),
          oddsBox(this.odds.odds, () => this.send(this.odds.option.id), () => { this.odds = null; this.prefix = []; this.render(); }));
      } else if (this.menu) {
        box.append(h("div", { class: "menu" }, h("div", { class: "muted" }, "Which one?"),
          this.menu.map((o) => h("button", { class: "option", "data-option": o.id, onclick: () => { this.menu = null; this.prefix = []; this.choose(o); } }, o.label))));
      }
      box.append(h("div", { class: "buttons" }, buttons.map((o) =>
        h("button", { class: "option", "data-option": o.id, onclick: () => this.choose(o) }, o.label))));
      if (d.can_undo) box.append(h("button", { class: "undo", "data-testid": "undo", onclick: () => this.undo() }, "↶ Undo"));
      if (onMap.length) {
        box.append(h("details", { class: "alloptions" }, h("summary", {}, `All ${opts.length} options as a list`),
          onMap.map((o) => h("button", { class: "option small", "data-option": o.id, onclick: () => this.choose(o) }, o.label))));
      }
    } else if (d) {
      const who = p.seats[d.seat];
      const kind = who && who.kind === "ai" ? ` (AI: ${who.level})` : "";
      box.append(h("h2", { class: "waiting", "data-testid": "waiting" }, `Waiting for ${seatName(table, seats, d.seat)}${kind}…`));
    }
    if (this.map) {
      const l = this.los;
      box.append(h("div", { class: "tools" },
        h("button", { class: l ? "small active" : "small", "data-testid": "los", onclick: () => this.toggleLos() }, l ? "Line of sight: on" : "Line of sight"),
        l ? h("span", { class: "muted" }, l.result ? (l.result.error || `${l.result.from} → ${l.result.to}: ${l.result.clear ? "clear" : "blocked"}${l.result.obstructions && l.result.obstructions.length ? " by " + l.result.obstructions.join(", ") : ""} (${l.result.rule || ""})`) : ` pick two hexes (${l.picks.length}/2)`) : null));
    }
    return box;
  }
}
