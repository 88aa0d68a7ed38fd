// Fair seeds: the server commits to each game's seed at the start (a hash of seed and salt) and
// reveals both at the end. This browser keeps the commitment it was first shown for a game, so
// the replay can say whether the revealed seed matches what was promised before play began.
import { h } from "./dom.js";

const key = (gameId) => `tactica.commitment.${gameId}`;

export function remember(gameId, fairness) {
  if (fairness && fairness.commitment && localStorage.getItem(key(gameId)) === null)
    localStorage.setItem(key(gameId), fairness.commitment);
}

const short = (hex) => `${hex.slice(0, 12)}…`;

// The table's line: the commitment, while the seed is still secret.
export function commitmentLine(fairness) {
  if (!fairness || !fairness.commitment) return null;
  return h("p", { class: "muted fairness", "data-testid": "commitment", title: fairness.commitment },
    `Seed committed to: ${short(fairness.commitment)}${fairness.seed_chosen ? " (the creator chose the seed)" : ""}`);
}

// The replay's panel once the game is over: the revealed seed and salt, whether they hash to the
// commitment (the server's `verified`), and whether that commitment is the one this browser saw.
export function revealPanel(gameId, fairness) {
  if (!fairness) return null;
  if (!fairness.commitment)
    return h("p", { class: "muted", "data-testid": "fairness" }, "This game was made before seeds were committed to: there is nothing to check.");
  if (fairness.seed === null)
    return h("p", { class: "muted", "data-testid": "fairness" }, `The seed is revealed when the game is over (committed to: ${short(fairness.commitment)}).`);
  const seen = localStorage.getItem(key(gameId));
  const same = seen === null ? null : seen === fairness.commitment;
  return h("div", { class: "fairness", "data-testid": "fairness" },
    h("p", {}, fairness.verified
      ? `The revealed seed matches the commitment ${short(fairness.commitment)} made at the start.`
      : `The revealed seed does NOT match the commitment ${short(fairness.commitment)}.`),
    same === null ? h("p", { class: "muted" }, "This browser did not see the game before its end, so it cannot compare the commitment with one shown earlier.")
      : h("p", { "data-testid": "fairness-seen" }, same ? "It is the commitment this browser was shown before play."
        : `This browser was shown a different commitment before play: ${short(seen)}.`),
    h("details", {}, h("summary", {}, "Seed and salt"),
      h("p", { class: "mono", "data-testid": "revealed-seed" }, `seed ${fairness.seed}`),
      h("p", { class: "mono" }, `salt ${fairness.salt}`)));
}
