// The server's API, and the seat tokens this browser holds (kept in localStorage, never in a
// URL the server sees: secret links carry the token after '#').
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

export async function api(method, path, { token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers["X-Seat-Token"] = token;
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
};

export function wsUrl(path) {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}${path}`;
}
