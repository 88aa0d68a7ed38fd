// The router: #/ lobby, #/game/ID table, #/game/ID/seat/TOKEN secret seat link, #/game/ID/replay.
import { api, seatTokens } from "./api.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";

const root = document.getElementById("app");
let current = null;

async function route() {
  if (current && current.close) current.close();
  current = null;
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
    if (parts[2] === "replay") current = await showReplay(root, gameId);
    else current = await showTable(root, gameId);
    return;
  }
  current = await showLobby(root);
}

window.addEventListener("hashchange", route);
route();
