// The server's API, and the seat tokens this browser holds (kept in localStorage, never in a
// URL the server sees: secret links carry the token after '#').
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

// live: the id this tab's WebSocket named in its hello; a change sent with it comes back in
// the answer only, not pushed over that WebSocket again.
export async function api(method, path, { token = null, host = null, body = undefined, live = null } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers["X-Seat-Token"] = token;
  if (live) headers["X-Live-Connection"] = live;
  if (host) headers["X-Host-Key"] = host;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    let detail = (data && data.detail) || res.statusText;
    if (data && data.errors) detail += ": " + data.errors.map((e) => `${e.where} ${e.problem}`).join("; ");
    throw new ApiError(res.status, detail);
  }
  return data;
}

const KEY = "tactica.seats";

function all() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export const seatTokens = {
  of(gameId) { return all()[gameId] || {}; },
  add(gameId, seat, token) {
    const a = all();
    a[gameId] = { ...(a[gameId] || {}), [seat]: token };
    localStorage.setItem(KEY, JSON.stringify(a));
  },
  remove(gameId, seat = null) {
    const a = all();
    if (seat === null) delete a[gameId];
    else if (a[gameId]) delete a[gameId][seat];
    localStorage.setItem(KEY, JSON.stringify(a));
  },
};

// Copy a text to the clipboard (falls back to selecting it where the clipboard is refused).
export async function copyText(text, input) {
  try { await navigator.clipboard.writeText(text); return true; } catch {
    if (input) { input.focus(); input.select(); }
    return false;
  }
}

const HOSTS = "tactica.hosts";

function hosts() {
  try { return JSON.parse(localStorage.getItem(HOSTS) || "{}"); } catch { return {}; }
}

// The host key of each game this browser created: it re-issues and revokes seat links and
// deletes the game.
export const hostKeys = {
  of(gameId) { return hosts()[gameId] || null; },
  add(gameId, key) {
    const a = hosts();
    a[gameId] = key;
    localStorage.setItem(HOSTS, JSON.stringify(a));
  },
  remove(gameId) {
    const a = hosts();
    delete a[gameId];
    localStorage.setItem(HOSTS, JSON.stringify(a));
  },
};

// A fresh id for a WebSocket connection (crypto.getRandomValues: also on plain http).
export function connectionId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}
