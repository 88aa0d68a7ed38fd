// The side panels: the prompt, tracks, hands, piles, combat info and the log with its rules.
import { h, pct } from "./dom.js";

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

export function logPanel(view) {
  const list = h("ol", { class: "log", "data-testid": "log" }, view.log.map((e) =>
    h("li", { class: e.private ? "private" : "" },
      e.rule ? h("span", { class: "rule", title: "the rule applied" }, e.rule) : null,
      e.private ? h("span", { class: "lock", title: "only you see this" }, "🔒") : null,
      h("span", {}, e.text))));
  const box = h("section", { class: "panel logbox" }, h("h3", {}, "Log"), list);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return box;
}

export function oddsBox(odds, onGo, onCancel) {
  return h("div", { class: "odds", "data-testid": "odds" },
    h("b", {}, odds.title),
    h("div", { class: "bars" }, odds.outcomes.map((o) => h("div", { class: "bar" },
      h("span", { class: "blabel" }, o.label),
      h("span", { class: "btrack" }, h("span", { class: "bfill", style: `width:${Math.round(o.p * 100)}%` })),
      h("span", { class: "bp" }, pct(o.p))))),
    (odds.notes || []).map((n) => h("div", { class: "muted" }, n)),
    odds.rule ? h("div", { class: "muted" }, `(${odds.rule})`) : null,
    h("div", { class: "row" },
      h("button", { class: "primary", "data-testid": "confirm", onclick: onGo }, "Go ahead"),
      h("button", { onclick: onCancel }, "Cancel")));
}
