// The lobby: rules modules and scenarios, a new game with each seat a person or the AI, the
// games list (paged, refreshed, "your turn" first-class), and the host's tools: re-issue or
// revoke a seat's secret link, delete the game; a seat's own tool: resign.
import { api, seatTokens, hostKeys, copyText } from "./api.js";
import { h, clear } from "./dom.js";
import { remember } from "./fairness.js";

const title = (s) => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
const PAGE = 10;
const REFRESH_MS = 10000;

export async function showLobby(root) {
  document.getElementById("crumb").textContent = "Lobby";
  document.title = "tactica: lobby";
  clear(root).append(h("p", { class: "loading" }, "Loading the lobby…"));
  const cat = await api("GET", "/api/modules");
  clear(root);
  const list = new GamesList(cat);
  const page = h("div", { class: "lobby" });
  root.append(page);
  const form = newGameForm(cat, () => list.load(0));
  form.append(h("p", { class: "muted" }, "Make your own: ",
    h("a", { href: "#/editor", "data-testid": "open-editor" }, "the scenario editor")));
  page.append(form, list.box);
  await list.load(0);
  const timer = setInterval(() => list.load(list.offset), REFRESH_MS);
  return { close() { clearInterval(timer); } };
}

// One secret link, shown with a button that copies it.
function linkRow(label, url) {
  const input = h("input", { readonly: true, value: url, "aria-label": `Secret link for ${label}`, onclick: (e) => e.target.select() });
  const status = h("span", { class: "muted", role: "status" });
  const copy = h("button", { class: "small", "data-testid": "copy-link",
    onclick: async () => { status.textContent = (await copyText(url, input)) ? "copied" : "select and copy"; } }, "Copy");
  return h("div", { class: "link", "data-testid": "seat-link" }, h("b", {}, label), input, copy, status);
}

const pct = (x) => `${Math.round(100 * x)}%`;

// A scenario's measured balance in one line (the catalogue's "balance": the packaged figures
// `tactica balance` writes from the committed simulation results; docs/balance/).
export function balanceText(b) {
  if (!b || !b.measured) return "Balance: not measured yet";
  const ci = `[${Math.round(100 * b.ci95[0])}–${pct(b.ci95[1])}]`;
  const agent = b.agents[0];
  let text = b.solitaire
    ? `Balance: won ${pct(b.win_rate)} ${ci} of ${b.games} ${agent} games (solitaire)`
    : `Balance: first seat (${title(b.first_seat)}) wins ${pct(b.win_rate)} ${ci}` +
      `${b.draws ? `, ${b.draws} draws` : ""}, ${b.games} ${agent} mirror games; ${b.verdict}`;
  if (b.stale) text += ` — stale: measured under rules version ${b.rules_version}, now ${b.current_version}`;
  return text;
}

function balanceLine(sc) {
  const b = sc && sc.balance;
  const p = h("p", { class: "balance muted", "data-testid": "balance", title: b && b.measured ? b.command : "" },
    balanceText(b));
  if (b && b.stale) p.classList.add("stale");
  return p;
}

function newGameForm(cat, onCreated) {
  const box = h("section", { class: "card newgame", "data-testid": "new-game" }, h("h2", {}, "New game"));
  if (!cat.modules.length) {
    box.append(h("p", {}, "No rules module is installed."));
    return box;
  }
  const modSel = h("select", { id: "module", "data-testid": "module" },
    cat.modules.map((m) => h("option", { value: m.id }, m.name)));
  const scnSel = h("select", { id: "scenario", "data-testid": "scenario" });
  const desc = h("p", { class: "desc" });
  const balance = h("div", { class: "balancebox" });
  const seatsBox = h("div", { class: "seats" });
  const optsBox = h("div", { class: "gameoptions", "data-testid": "game-options" });
  const seed = h("input", { id: "seed", type: "number", min: 0, placeholder: "random" });
  const out = h("div", { class: "created", "data-testid": "created" });
  const mod = () => cat.modules.find((m) => m.id === modSel.value);
  const scn = () => mod().scenarios.find((s) => s.id === scnSel.value);
  const normal = cat.agents.find((a) => a.spec === "search:normal") || cat.agents[cat.agents.length - 1];

  function fillScenarios() {
    const list = mod().scenarios;
    clear(scnSel).append(...list.map((s) => h("option", { value: s.id }, s.name)));
    const first = list.find((s) => s.has_map);
    if (first) scnSel.value = first.id;
    fillSeats();
  }
  // Game options a scenario offers (its "options": id, label, choices [[value, text], ...]).
  function fillOptions() {
    const sc = scn();
    clear(optsBox);
    for (const o of (sc && sc.options) || []) {
      const sel = h("select", { id: `opt-${o.id}`, "data-option-id": o.id, "data-testid": `option-${o.id}` },
        o.choices.map(([value, text]) => h("option", { value }, text)));
      sel.value = o.default === undefined ? o.choices[0][0] : o.default;
      optsBox.append(h("label", { for: `opt-${o.id}`, title: o.help || "" }, h("span", {}, o.label), sel));
    }
  }
  function fillSeats() {
    const sc = scn();
    desc.textContent = sc ? sc.description : "";
    clear(balance).append(balanceLine(sc));
    fillOptions();
    clear(seatsBox);
    const seats = (sc && sc.seats && sc.seats.length) ? sc.seats : mod().seats;
    seats.forEach((name, i) => {
      const sel = h("select", { "data-seat": i, "data-testid": `seat-${i}`, id: `seat-${i}` },
        h("option", { value: "here" }, "Person at this screen"),
        h("option", { value: "link" }, "Person with a secret link"),
        cat.agents.map((a) => h("option", { value: `ai:${a.spec}`, title: a.description }, `AI: ${a.label}`)));
      if (i > 0 && normal) sel.value = `ai:${normal.spec}`;
      seatsBox.append(h("label", { class: "seat", for: `seat-${i}` }, h("span", {}, title(name)), sel));
    });
  }
  modSel.addEventListener("change", fillScenarios);
  scnSel.addEventListener("change", fillSeats);
  fillScenarios();

  const create = h("button", { class: "primary", "data-testid": "create" }, "Create game");
  create.addEventListener("click", async () => {
    create.disabled = true;
    const picks = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const body = {
      module: modSel.value, scenario: scnSel.value,
      seats: picks.map((p) => (p.startsWith("ai:") ? { kind: "ai", level: p.slice(3) } : { kind: "human" })),
    };
    if (seed.value !== "") body.seed = Number(seed.value);
    const options = {};
    for (const sel of optsBox.querySelectorAll("select")) options[sel.dataset.optionId] = sel.value;
    if (Object.keys(options).length) body.options = options;
    try {
      const g = await api("POST", "/api/games", { body });
      remember(g.id, g.fairness);
      hostKeys.add(g.id, g.host_key);
      const links = [];
      g.seats.forEach((s, i) => {
        if (picks[i] === "here") seatTokens.add(g.id, s.seat, s.token);
        if (picks[i] === "link") links.push(s);
      });
      onCreated();
      if (!links.length) {
        location.hash = `#/game/${encodeURIComponent(g.id)}`;
        return;
      }
      clear(out).append(h("h3", {}, "Send each player their secret link"),
        h("p", { class: "muted" }, "Each link is shown once: copy it now. Lost? Re-issue it from the games list (the old link then stops working)."),
        ...links.map((s) => linkRow(title(s.name), location.origin + s.link)),
        h("p", {}, "Anyone with a link plays that seat. Spectators: ",
          h("a", { href: g.watch }, location.origin + g.watch)),
        h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}` }, "Go to the table"));
    } catch (e) {
      clear(out).append(h("p", { class: "error" }, e.detail || e.message));
    } finally {
      create.disabled = false;
    }
  });

  box.append(
    h("label", { for: "module" }, h("span", {}, "Rules"), modSel),
    h("label", { for: "scenario" }, h("span", {}, "Scenario"), scnSel), desc, balance, optsBox,
    h("h3", {}, "Seats"), seatsBox,
    h("details", {}, h("summary", {}, "More"), h("label", { for: "seed" }, h("span", {}, "Seed"), seed)),
    create, out);
  return box;
}

class GamesList {
  constructor(cat) {
    this.cat = cat;
    this.offset = 0;
    this.total = 0;
    this.box = h("section", { class: "card gamelist", "data-testid": "games" });
    this.note = null;
  }

  scName(g) {
    const m = this.cat.modules.find((x) => x.id === g.module);
    const sc = m && m.scenarios.find((s) => s.id === g.scenario);
    const name = sc ? sc.name : (g.scenario_name ? `${g.scenario_name} (custom)` : g.scenario);
    return `${m ? m.name : g.module}: ${name}`;
  }

  async load(offset) {
    let page;
    try { page = await api("GET", `/api/games?offset=${offset}&limit=${PAGE}`); } catch (e) {
      this.note = e.detail || e.message;
      return;
    }
    this.offset = offset;
    this.total = page.total;
    this.render(page.games);
  }

  render(games) {
    const mineToMove = games.filter((g) => g.to_move !== null && String(g.to_move) in seatTokens.of(g.id));
    document.title = mineToMove.length ? `(${mineToMove.length}) your turn · tactica` : "tactica: lobby";
    const rows = games.map((g) => this.row(g));
    const last = Math.min(this.offset + PAGE, this.total);
    clear(this.box).append(...[
      h("h2", {}, "Games", mineToMove.length ? h("span", { class: "badge", "data-testid": "your-turn-count" }, ` ${mineToMove.length} waiting for you`) : null),
      this.note ? h("p", { class: "error" }, this.note) : null,
      rows.length ? h("table", { class: "games" },
        h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Seats"), h("th", {}, "State"), h("th", {}, "Actions"))),
        h("tbody", {}, rows)) : h("p", { class: "muted" }, "No game yet."),
      h("div", { class: "row pager" },
        h("button", { class: "small", "data-testid": "prev-page", disabled: this.offset === 0, onclick: () => this.load(Math.max(0, this.offset - PAGE)) }, "◀ Newer"),
        h("span", { class: "muted" }, this.total ? `${this.offset + 1}–${last} of ${this.total}` : ""),
        h("button", { class: "small", "data-testid": "next-page", disabled: last >= this.total, onclick: () => this.load(this.offset + PAGE) }, "Older ▶"),
        h("button", { class: "small", onclick: () => this.load(this.offset) }, "↻ Refresh"))].filter(Boolean));
  }

  row(g) {
    const mine = seatTokens.of(g.id);
    const host = hostKeys.of(g.id);
    const gid = encodeURIComponent(g.id);
    const seats = g.seats.map((s) => `${title(s.name)} (${s.kind === "ai" ? "AI " + s.level : (s.seat in mine ? "you" : "person")})`).join(" vs ");
    let state;
    if (g.status === "over") state = g.result ? g.result.reason : "over";
    else if (g.to_move !== null && String(g.to_move) in mine) state = h("span", { class: "badge yourturn", "data-testid": "your-turn" }, "Your turn");
    else if (g.to_move !== null) state = `${title((g.seats[g.to_move] || {}).name || "")} to move`;
    else state = `${g.decisions} decisions`;
    const actions = h("td", { class: "actions" },
      h("a", { class: "button", href: `#/game/${gid}` }, Object.keys(mine).length ? "Play" : "Watch"),
      g.status === "over" ? h("a", { class: "button", href: `#/game/${gid}/replay` }, "Replay") : null);
    if (g.status === "active") {
      for (const seat of Object.keys(mine)) {
        actions.append(h("button", { class: "small", "data-testid": "resign",
          onclick: () => this.resign(g, Number(seat)) }, Object.keys(mine).length > 1 ? `Resign (${title(g.seats[seat].name)})` : "Resign"));
      }
    }
    if (host) {
      const humans = g.seats.filter((s) => s.kind === "human");
      if (humans.length && g.status === "active") {
        actions.append(h("details", { class: "links" }, h("summary", {}, "Links"),
          humans.map((s) => h("div", { class: "row" }, h("span", {}, title(s.name)),
            h("button", { class: "small", "data-testid": `reissue-${s.seat}`, onclick: (e) => this.reissue(g, s, e.target.closest(".row")) }, "New link"),
            h("button", { class: "small", "data-testid": `revoke-${s.seat}`, onclick: (e) => this.revoke(g, s, e.target.closest(".row")) }, "Revoke")))));
      }
      actions.append(h("button", { class: "small danger", "data-testid": "delete", onclick: () => this.remove(g) }, "Delete"));
    }
    return h("tr", { "data-game": g.id, class: typeof state === "string" ? "" : "mine" },
      h("td", {}, this.scName(g)), h("td", {}, seats), h("td", {}, state), actions);
  }

  async resign(g, seat) {
    if (!confirm(`Resign ${title(g.seats[seat].name)} in ${this.scName(g)}? The other side wins; this cannot be undone.`)) return;
    try { await api("POST", `/api/games/${encodeURIComponent(g.id)}/resign`, { token: seatTokens.of(g.id)[seat] }); } catch (e) { this.note = e.detail || e.message; }
    await this.load(this.offset);
  }

  async reissue(g, s, where) {
    try {
      const r = await api("POST", `/api/games/${encodeURIComponent(g.id)}/seats/${s.seat}/link`, { host: hostKeys.of(g.id) });
      const mine = seatTokens.of(g.id);
      if (String(s.seat) in mine) seatTokens.add(g.id, s.seat, r.token);
      where.after(linkRow(title(s.name), location.origin + r.link));
    } catch (e) { where.after(h("p", { class: "error" }, e.detail || e.message)); }
  }

  async revoke(g, s, where) {
    if (!confirm(`Revoke ${title(s.name)}'s link? Nobody can play that seat until you issue a new one.`)) return;
    try {
      await api("DELETE", `/api/games/${encodeURIComponent(g.id)}/seats/${s.seat}/link`, { host: hostKeys.of(g.id) });
      seatTokens.remove(g.id, s.seat);
      where.after(h("p", { class: "muted", "data-testid": "revoked" }, `${title(s.name)}'s link no longer opens the seat.`));
    } catch (e) { where.after(h("p", { class: "error" }, e.detail || e.message)); }
  }

  async remove(g) {
    if (!confirm(`Delete ${this.scName(g)} for everyone? This cannot be undone.`)) return;
    try {
      await api("DELETE", `/api/games/${encodeURIComponent(g.id)}`, { host: hostKeys.of(g.id) });
      hostKeys.remove(g.id);
      seatTokens.remove(g.id);
    } catch (e) { this.note = e.detail || e.message; }
    await this.load(this.offset);
  }
}
