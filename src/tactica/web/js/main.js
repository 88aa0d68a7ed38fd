// The router: #/ lobby, #/editor scenario editor (#/editor/ID a saved scenario), #/game/ID table, #/game/ID/seat/TOKEN secret seat link, #/game/ID/replay.
import { api, seatTokens } from "./api.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showEditor } from "./editor.js";

const app = document.getElementById("app");
let current = null;
let generation = 0;

// Each route draws into its own element: a route that finishes after a newer one began draws
// into an element no longer on the page, and is closed.
async function route() {
  if (current && current.close) current.close();
  current = null;
  const mine = ++generation;
  const root = document.createElement("div");
  root.className = "route";
  app.replaceChildren(root);
  const show = async (make) => {
    const view = await make();
    if (mine !== generation) { if (view && view.close) view.close(); return; }
    current = view;
  };
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) {
    const gameId = decodeURIComponent(parts[1]);
    if (parts[2] === "seat" && parts[3]) {
      const token = parts[3];
      try {
        const p = await api("GET", `/api/games/${encodeURIComponent(gameId)}`, { token });
        seatTokens.add(gameId, p.seat, token);
      } catch (e) {
        root.textContent = `This seat link does not open: ${e.detail || e.message}`;
        return;
      }
      history.replaceState(null, "", `#/game/${encodeURIComponent(gameId)}`);
    }
    if (mine !== generation) return;
    if (parts[2] === "replay") await show(() => showReplay(root, gameId));
    else await show(() => showTable(root, gameId));
    return;
  }
  if (parts[0] === "editor") {
    await show(() => showEditor(root, parts[1] ? decodeURIComponent(parts[1]) : null));
    return;
  }
  await show(() => showLobby(root));
}

window.addEventListener("hashchange", route);
route();
