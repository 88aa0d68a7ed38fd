// Replay of a finished game: step through it from either seat's view (or everything public).
import { api } from "./api.js";
import { h, s, clear } from "./dom.js";
import { drawBoard } from "./board.js";
import { revealPanel } from "./fairness.js";
import { tracksPanel, handsPanel, pilesPanel, logPanel, seatName, namer } from "./panels.js";

const AUTOPLAY_MS = 900;

export async function showReplay(root, gameId) {
  const path = `/api/games/${encodeURIComponent(gameId)}`;
  document.getElementById("crumb").textContent = "Replay";
  let state = { step: 0, seat: 0 };
  let map = null;
  let mapName = null;  // a campaign changes map: each step's answer names its map (and brings it when new)
  let closed = false;
  let timer = null;
  const none = { highlight: new Set(), selected: new Set(), los: null, onPick() {}, onStack() {} };

  async function load() {
    const q = `step=${state.step}` + (state.seat === null ? "" : `&seat=${state.seat}`)
      + (map && mapName !== null ? `&known_map=${encodeURIComponent(mapName)}` : "");
    let r;
    try { r = await api("GET", `${path}/replay?${q}`); } catch (e) {
      clear(root).append(h("p", { class: "error" }, e.detail || e.message), h("a", { href: `#/game/${encodeURIComponent(gameId)}` }, "Back to the table"));
      return;
    }
    if (closed) return;
    if (r.map) { map = r.map; mapName = r.map_name; }
    else if (!r.has_map) { map = null; mapName = null; }
    render(r);
  }

  function go(step) { state.step = Math.max(0, Math.min(step, state.steps ?? step)); load(); }

  // Autoplay: one decision every AUTOPLAY_MS until the end (or Pause).
  function autoplay() {
    if (timer) { clearInterval(timer); timer = null; load(); return; }
    timer = setInterval(() => {
      if (state.step >= state.steps) { clearInterval(timer); timer = null; load(); return; }
      go(state.step + 1);
    }, AUTOPLAY_MS);
    load();
  }

  function render(r) {
    state.steps = r.steps;
    const { view, table } = r;
    const seats = view.seats;
    const named = namer(table);
    clear(root);
    const slider = h("input", { type: "range", min: 0, max: r.steps, value: r.step, "data-testid": "replay-step", "aria-label": "Decision shown" });
    slider.addEventListener("change", () => go(Number(slider.value)));
    const who = h("select", { "data-testid": "replay-seat", "aria-label": "Whose view" },
      seats.map((_, i) => h("option", { value: i, selected: state.seat === i }, `${seatName(table, seats, i)}'s view`)),
      h("option", { value: "", selected: state.seat === null }, "Spectator's view"));
    who.addEventListener("change", () => { state.seat = who.value === "" ? null : Number(who.value); load(); });
    const bar = h("section", { class: "panel replaybar", "data-testid": "replay" },
      h("h2", {}, `Replay: decision ${r.step} of ${r.steps}`),
      r.decision ? h("p", { class: "muted" }, `Last: ${seatName(table, seats, r.decision[0])} chose ${named(r.decision[1])}`) : null,
      h("div", { class: "row" },
        h("button", { onclick: () => go(0), "aria-label": "First decision" }, "⏮"), h("button", { "data-testid": "replay-prev", onclick: () => go(r.step - 1) }, "◀ Back"),
        h("button", { "data-testid": "replay-next", onclick: () => go(r.step + 1) }, "Next ▶"), h("button", { onclick: () => go(r.steps), "aria-label": "Last decision" }, "⏭"),
        h("button", { "data-testid": "replay-autoplay", onclick: autoplay }, timer ? "⏸ Pause" : "▶ Autoplay")),
      slider, who,
      r.notice ? h("p", { class: "notice", "data-testid": "notice" }, r.notice) : null,
      revealPanel(gameId, r.fairness),
      h("a", { href: `#/game/${encodeURIComponent(gameId)}` }, "Back to the table"));
    const mapCol = h("div", { class: "mapcol" });
    if (map) {
      const svg = s("svg", { class: "map", "data-testid": "map", "data-map": mapName ?? "" });
      drawBoard(svg, map, table, none);
      mapCol.append(h("div", { class: "mapwrap" }, svg));
    }
    root.append(h("div", { class: "tablelayout" }, mapCol,
      h("div", { class: "side" }, bar, tracksPanel(table, seats), handsPanel(table, seats, state.seat, none), pilesPanel(table), logPanel(view, named, true))));
  }

  await load();
  return { close() { closed = true; if (timer) clearInterval(timer); } };
}
