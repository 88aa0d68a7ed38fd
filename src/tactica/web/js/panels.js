// The side panels: what happened, tracks, hands, piles, combat info, the whole log with its
// rules, the odds and confirmation boxes; ids put into words with the drawing's names.
import { h, pct } from "./dom.js";

// Replace the ids the drawing names (pieces, weapons, cards) by their names in words.
export function namer(table) {
  const names = (table && table.names) || {};
  const ids = Object.keys(names).sort((a, b) => b.length - a.length);
  if (!ids.length) return (t) => t;
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(?<![\\w-])(${ids.map(esc).join("|")})(?![\\w-])`, "g");
  return (t) => (typeof t === "string" ? t.replace(re, (m) => names[m]) : t);
}

export const seatName = (table, seats, i) =>
  (table.sides && table.sides[i] && table.sides[i].name) || (seats[i] || `seat ${i}`);

export function tracksPanel(table, seats) {
  if (!table.tracks.length) return null;
  return h("section", { class: "panel tracks", "data-testid": "tracks" }, h("h3", {}, "Tracks"),
    table.tracks.map((t) => h("div", { class: "track" }, h("span", { class: "tlabel", title: t.note || "" }, t.label),
      t.per_side
        ? h("span", { class: "tvalues" }, t.per_side.map((v, i) => h("span", { class: "sidechip", style: `background:${(table.sides[i] || {}).color || "#777"}` }, `${seatName(table, seats, i)} ${v}`)))
        : h("span", { class: "tvalues" }, String(t.value), t.max ? ` / ${t.max}` : "", t.note ? h("span", { class: "muted" }, ` · ${t.note}`) : null))));
}

export function handsPanel(table, seats, me, ui) {
  if (!table.hands.length) return null;
  const mine = table.hands.filter((x) => x.cards);
  const others = table.hands.filter((x) => !x.cards);
  return h("section", { class: "panel hands", "data-testid": "hand" },
    h("h3", {}, me === null ? "Hands" : "Your hand"),
    mine.map((hand) => h("div", { class: "hand" },
      h("div", { class: "muted" }, `${me === hand.seat ? "" : seatName(table, seats, hand.seat) + ": "}${hand.title} (${hand.cards.length})`),
      h("div", { class: "cards" }, hand.cards.map((c) => {
        const key = `card:${c.id}`;
        const cls = ["cardface", ui.highlight.has(key) ? "target" : "", ui.selected.has(key) ? "selected" : ""].join(" ");
        return h("button", { class: cls, "data-card": c.id, onclick: () => ui.onPick({ card: c.id }) },
          h("b", {}, c.name), h("span", {}, c.text));
      })))),
    others.length ? h("div", { class: "otherhands" }, others.map((o) =>
      h("div", {}, `${seatName(table, seats, o.seat)}: ${o.size} ${o.title.toLowerCase()} (hidden)`))) : null);
}

export function pilesPanel(table) {
  if (!table.piles.length && !table.info.length) return null;
  return h("section", { class: "panel piles" },
    table.info.map((i) => h("div", { class: "info" }, h("b", {}, `${i.label}: `), i.value,
      i.text ? h("div", { class: "muted" }, i.text) : null)),
    table.piles.map((p) => h("details", { class: "pile" },
      h("summary", {}, `${p.title}: ${p.size} to draw, ${(p.discard || []).length} discarded`),
      (p.discard || []).slice().reverse().map((c) => h("div", { class: "discard" }, h("b", {}, c.name), " ", h("span", { class: "muted" }, c.text))))));
}

export function genericPanels(table) {
  if (!table.panels) return null;
  return h("section", { class: "panel" }, table.panels.map((p) =>
    h("details", {}, h("summary", {}, p.title), h("pre", {}, JSON.stringify(p.value, null, 1)))));
}

function entry(e, named, cls = "") {
  return h("li", { class: [e.private ? "private" : "", cls].join(" ") },
    e.rule ? h("span", { class: "rule", title: "the rule applied" }, e.rule) : null,
    e.private ? h("span", { class: "lock", title: "only you see this", "aria-label": "private" }, "🔒") : null,
    h("span", {}, named(e.text)));
}

// What happened since this seat's last decision (every seat's moves, in words, with the rules).
export function feedPanel(view, table, since, named) {
  const shown = since.entries.slice(-40);
  const older = view.log.slice(Math.max(0, since.from - 3), since.from);
  return h("section", { class: "panel feed", "data-testid": "feed" },
    h("h3", {}, since.entries.length ? `Since your last move (${since.entries.length})` : "Latest"),
    h("ol", { class: "log" },
      older.map((e) => entry(e, named, "old")),
      since.entries.length > shown.length ? h("li", { class: "muted" }, `… ${since.entries.length - shown.length} more in the whole log`) : null,
      shown.map((e) => entry(e, named, "new"))));
}

export function logPanel(view, named = (t) => t, open = false) {
  const list = h("ol", { class: "log", "data-testid": "log" }, view.log.map((e) => entry(e, named)));
  const box = h("details", { class: "panel logbox", "data-testid": "whole-log", open },
    h("summary", {}, `Whole log (${view.log.length} entries)`), list);
  box.addEventListener("toggle", () => { list.scrollTop = list.scrollHeight; });
  return box;
}

export function confirmBox(label, text, onGo, onCancel) {
  return h("div", { class: "confirm", "data-testid": "confirm-box", role: "alertdialog", "aria-label": "Confirm" },
    h("b", {}, label), h("p", {}, text),
    h("div", { class: "row" },
      h("button", { class: "primary", "data-testid": "confirm-yes", onclick: onGo }, "Yes, do it"),
      h("button", { "data-testid": "confirm-no", onclick: onCancel }, "Cancel")));
}

export function oddsBox(odds, onGo, onCancel, named = (t) => t) {
  return h("div", { class: "odds", "data-testid": "odds" },
    h("b", {}, named(odds.title)),
    h("div", { class: "bars" }, odds.outcomes.map((o) => h("div", { class: "bar" },
      h("span", { class: "blabel" }, named(o.label)),
      h("span", { class: "btrack" }, h("span", { class: "bfill", style: `width:${Math.round(o.p * 100)}%` })),
      h("span", { class: "bp" }, pct(o.p))))),
    (odds.notes || []).map((n) => h("div", { class: "muted" }, named(n))),
    odds.rule ? h("div", { class: "muted" }, `(${odds.rule})`) : null,
    h("div", { class: "row" },
      h("button", { class: "primary", "data-testid": "confirm", onclick: onGo }, "Go ahead"),
      h("button", { onclick: onCancel }, "Cancel")));
}
