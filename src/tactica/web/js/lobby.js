// The lobby: rules modules and scenarios, a new game with each seat a person or the AI, the
// games in progress and the finished ones.
import { api, seatTokens } from "./api.js";
import { h, clear } from "./dom.js";

const title = (s) => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

export async function showLobby(root) {
  document.getElementById("crumb").textContent = "Lobby";
  clear(root).append(h("p", { class: "loading" }, "Loading the lobby…"));
  const [cat, games] = await Promise.all([api("GET", "/api/modules"), api("GET", "/api/games")]);
  clear(root);
  const page = h("div", { class: "lobby" });
  root.append(page);
  page.append(newGameForm(cat), gameLists(games.games, cat));
  return { close() {} };
}

function newGameForm(cat) {
  const box = h("section", { class: "card newgame", "data-testid": "new-game" }, h("h2", {}, "New game"));
  if (!cat.modules.length) {
    box.append(h("p", {}, "No rules module is installed."));
    return box;
  }
  const modSel = h("select", { id: "module", "data-testid": "module" },
    cat.modules.map((m) => h("option", { value: m.id }, m.name)));
  const scnSel = h("select", { id: "scenario", "data-testid": "scenario" });
  const desc = h("p", { class: "desc" });
  const seatsBox = h("div", { class: "seats" });
  const seed = h("input", { id: "seed", type: "number", min: 0, placeholder: "random" });
  const out = h("div", { class: "created" });
  const mod = () => cat.modules.find((m) => m.id === modSel.value);
  const scn = () => mod().scenarios.find((s) => s.id === scnSel.value);

  function fillScenarios() {
    clear(scnSel).append(...mod().scenarios.map((s) => h("option", { value: s.id }, s.name)));
    fillSeats();
  }
  function fillSeats() {
    const sc = scn();
    desc.textContent = sc ? sc.description : "";
    clear(seatsBox);
    const seats = (sc && sc.seats && sc.seats.length) ? sc.seats : mod().seats;
    seats.forEach((name, i) => {
      const sel = h("select", { "data-seat": i, "data-testid": `seat-${i}` },
        h("option", { value: "here" }, "Person at this screen"),
        h("option", { value: "link" }, "Person with a secret link"),
        cat.agents.map((a) => h("option", { value: `ai:${a.spec}`, title: a.description }, `AI: ${a.label}`)));
      if (i > 0 && cat.agents.length) sel.value = `ai:${cat.agents[0].spec}`;
      seatsBox.append(h("label", { class: "seat" }, h("span", {}, title(name)), sel));
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
    try {
      const g = await api("POST", "/api/games", { body });
      const links = [];
      g.seats.forEach((s, i) => {
        if (picks[i] === "here") seatTokens.add(g.id, s.seat, s.token);
        if (picks[i] === "link") links.push(s);
      });
      if (!links.length) {
        location.hash = `#/game/${encodeURIComponent(g.id)}`;
        return;
      }
      clear(out).append(h("h3", {}, "Send each player their secret link"),
        links.map((s) => h("div", { class: "link" }, h("b", {}, title(s.name)),
          h("input", { readonly: true, value: location.origin + s.link, onclick: (e) => e.target.select() }))),
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
    h("label", {}, h("span", {}, "Rules"), modSel),
    h("label", {}, h("span", {}, "Scenario"), scnSel), desc,
    h("h3", {}, "Seats"), seatsBox,
    h("details", {}, h("summary", {}, "More"), h("label", {}, h("span", {}, "Seed"), seed)),
    create, out);
  return box;
}

function gameLists(games, cat) {
  const names = Object.fromEntries(cat.modules.map((m) => [m.id, m]));
  const scName = (g) => {
    const m = names[g.module];
    const sc = m && m.scenarios.find((s) => s.id === g.scenario);
    return `${m ? m.name : g.module}: ${sc ? sc.name : g.scenario}`;
  };
  const row = (g) => {
    const mine = seatTokens.of(g.id);
    const seats = g.seats.map((s) => `${title(s.name)} (${s.kind === "ai" ? "AI " + s.level : (s.seat in mine ? "you" : "person")})`).join(" vs ");
    const res = g.result ? g.result.reason : `${g.decisions} decisions`;
    return h("tr", { "data-game": g.id },
      h("td", {}, scName(g)), h("td", {}, seats), h("td", {}, res),
      h("td", {}, h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}` },
        Object.keys(mine).length ? "Play" : "Watch"),
        g.status === "over" ? h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}/replay` }, "Replay") : null));
  };
  const table = (list, empty) => list.length
    ? h("table", { class: "games" }, h("tbody", {}, list.map(row)))
    : h("p", { class: "muted" }, empty);
  return h("section", { class: "card gamelist", "data-testid": "games" },
    h("h2", {}, "Games in progress"),
    table(games.filter((g) => g.status === "active"), "No game in progress."),
    h("h2", {}, "Finished games"),
    table(games.filter((g) => g.status === "over"), "No finished game yet."));
}
