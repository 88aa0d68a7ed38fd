// The scenario editor (docs/editor.md): start from a built-in scenario or a blank board, paint
// terrain and half hexes, place and remove units and objective markers, set the parameters (a
// form, or the whole scenario as YAML), check it with the module's own loader, save it (owned by
// this browser's author key), export and import the YAML file, and play it at once against the
// AI or by secret link. The scenario is kept as the plain data of its file format; the server
// draws nothing and decides nothing here but checks, stores and turns data into YAML.
import { api, seatTokens, hostKeys, copyText, ApiError } from "./api.js";
import { h, s, clear } from "./dom.js";
import { remember } from "./fairness.js";

const AUTHOR = "tactica.author";
const title = (x) => x.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const SIDE_COLORS = ["#4f6f8f", "#77715a"];
const PREFIX = { allies: "a", central: "c" };

export const authorKey = {
  get() { return localStorage.getItem(AUTHOR); },
  set(key) { localStorage.setItem(AUTHOR, key); },
};

function authorHeaders() {
  const key = authorKey.get();
  return key ? { "X-Author-Key": key } : {};
}

// fetch with the author key (api() knows seat tokens and host keys only)
async function authored(method, path, body) {
  const headers = { Accept: "application/json", ...authorHeaders() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.detail) || res.statusText);
  return data;
}

async function yamlOf(module, scenario) {
  const res = await fetch("/api/editor/yaml", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ module, scenario }) });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text);
  return text;
}

export async function showEditor(root, savedId = null) {
  document.getElementById("crumb").textContent = "Scenario editor";
  document.title = "tactica: scenario editor";
  clear(root).append(h("p", { class: "loading" }, "Loading the editor…"));
  const info = await api("GET", "/api/editor/modules");
  const ed = new Editor(root, info);
  await ed.init(savedId);
  return ed;
}

class Editor {
  constructor(root, info) {
    this.root = root;
    this.info = info;
    this.mod = info.modules[0];
    this.data = null;       // the scenario, as the data of its file
    this.geo = null;        // the map's drawing geometry (server/geometry.py)
    this.savedId = null;
    this.contentId = null;  // the content id of the last successful check or save
    this.tool = "terrain";
    this.painting = false;
    this.history = [];      // earlier drafts (JSON), for Undo
  }

  close() { if (this.keys) document.removeEventListener("keydown", this.keys); }

  async init(savedId) {
    this.keys = (e) => {
      const inField = e.target.closest && e.target.closest("input, textarea, select");
      if ((e.ctrlKey || e.metaKey) && e.key === "z" && !inField) { e.preventDefault(); this.undo(); }
    };
    document.addEventListener("keydown", this.keys);
    clear(this.root);
    this.status = h("div", { class: "editorstatus", "data-testid": "editor-status", role: "status" });
    this.mapBox = h("div", { class: "mapwrap" });
    this.side = h("div", { class: "editorside" });
    this.root.append(h("div", { class: "editor" }, this.side, h("div", {}, this.status, this.mapBox)));
    this.buildSide();
    await this.listMine();
    if (savedId) await this.openSaved(savedId);
    else await this.start({ cols: 14, rows: 9 });
  }

  say(text, kind = "ok") {
    clear(this.status).append(h("p", { class: kind === "error" ? "error" : "okmsg", "data-kind": kind }, text));
  }

  // ------------------------------------------------------------------ the side panel
  buildSide() {
    const m = this.mod;
    const builtin = h("select", { id: "ed-from", "data-testid": "ed-from", "aria-label": "Built-in scenario to start from" }, m.scenarios.map((x) => h("option", { value: x }, title(x))));
    const cols = h("input", { id: "ed-cols", "data-testid": "ed-cols", type: "number", min: 3, max: m.limits.cols, value: 14, "aria-label": "Columns of a blank board" });
    const rows = h("input", { id: "ed-rows", "data-testid": "ed-rows", type: "number", min: 2, max: m.limits.rows, value: 9, "aria-label": "Rows of a blank board" });
    this.mine = h("ul", { class: "mine", "data-testid": "my-scenarios" });
    const start = h("section", { class: "panel" }, h("h3", {}, `${title(m.module)}: start`),
      h("div", { class: "row" }, builtin, h("button", { class: "small", "data-testid": "ed-open-builtin",
        onclick: () => this.start({ scenario: builtin.value }) }, "Start from it")),
      h("div", { class: "row" }, h("label", { for: "ed-cols" }, "Blank board"), cols, "×", rows,
        h("button", { class: "small", "data-testid": "ed-blank",
          onclick: () => this.start({ cols: Number(cols.value), rows: Number(rows.value) }) }, "New")),
      h("h3", {}, "My scenarios"), this.mine);

    this.terrainSel = h("select", { id: "ed-terrain", "data-testid": "ed-terrain" },
      m.terrain.map((t) => h("option", { value: t.id }, t.label || t.id)));
    this.sideSel = h("select", { id: "ed-side", "data-testid": "ed-side" }, m.sides.map((x) => h("option", { value: x }, title(x))));
    this.unitSel = h("select", { id: "ed-unit", "data-testid": "ed-unit" }, m.units.map((u) => h("option", { value: u.id }, u.name)));
    this.bomber = h("input", { type: "checkbox", id: "ed-bomber", "data-testid": "ed-bomber" });
    const tools = [["terrain", "Paint terrain"], ["half", "Half hex"], ["unit", "Place unit"],
      ["objective", "Objective"], ["section", "Sections"], ["erase", "Remove"]];
    this.sectionSel = h("select", { id: "ed-section", "data-testid": "ed-section", onchange: () => this.geo && this.draw() },
      ["left", "centre", "right"].map((x) => h("option", { value: x }, title(x))));
    this.toolButtons = tools.map(([id, label]) => h("button", { class: "small", "data-tool": id, "data-testid": `tool-${id}`,
      onclick: () => this.setTool(id) }, label));
    const toolPanel = h("section", { class: "panel" }, h("h3", {}, "Map"),
      h("div", { class: "row toolrow" }, this.toolButtons,
        h("button", { class: "small", "data-testid": "ed-undo", title: "Undo the last change to the draft (Ctrl+Z)",
          onclick: () => this.undo() }, "Undo")),
      h("label", { for: "ed-terrain" }, h("span", {}, "Terrain"), this.terrainSel),
      h("label", { for: "ed-side" }, h("span", {}, "Side"), this.sideSel),
      h("label", { for: "ed-unit" }, h("span", {}, "Unit"), this.unitSel),
      h("label", { for: "ed-bomber" }, h("span", {}, "Bomber (infantry)"), this.bomber),
      h("label", { for: "ed-section" }, h("span", {}, "Section"), this.sectionSel),
      h("p", { class: "muted" }, "Click a hex (or drag to paint). A unit or objective clicked again with its tool is removed; "
        + "the Sections tool adds a hex to the chosen section or takes it out (a hex on a section line belongs to both)."));

    this.form = h("div", { class: "params", "data-testid": "ed-params" });
    const params = h("section", { class: "panel" }, h("h3", {}, "Scenario"), this.form);

    const fileIn = h("input", { type: "file", accept: ".yaml,.yml,.json", "data-testid": "ed-import", id: "ed-import",
      onchange: async (e) => { await this.importFile(e.target.files[0]); e.target.value = ""; } });
    this.levelSel = h("select", { id: "ed-level", "data-testid": "ed-level", "aria-label": "AI level" },
      this.info.agents.map((a) => h("option", { value: a.spec, title: a.description }, `AI: ${a.label}`)));
    const normal = this.info.agents.find((a) => a.spec === "search:normal");
    if (normal) this.levelSel.value = normal.spec;
    this.exportLink = h("a", { class: "button small", "data-testid": "ed-export", hidden: true,
      onclick: async (e) => {  // the file is the saved version: unsaved changes are saved first
        if (this.contentId && this.contentId === this.savedContentId) return;
        e.preventDefault();
        if (await this.save()) this.exportLink.click();
      } }, "Export YAML");
    this.playOut = h("div", { class: "created", "data-testid": "ed-play-out" });
    const actions = h("section", { class: "panel" }, h("h3", {}, "Check, save, play"),
      h("div", { class: "row" },
        h("button", { class: "small", "data-testid": "ed-check", onclick: () => this.check() }, "Check"),
        h("button", { class: "primary", "data-testid": "ed-save", onclick: () => this.save() }, "Save"),
        this.exportLink),
      h("div", { class: "row" }, h("label", { for: "ed-import" }, "Import a file"), fileIn),
      h("div", { class: "row" }, this.levelSel,
        h("button", { class: "small", "data-testid": "ed-play-ai", onclick: () => this.play(true) }, "Play against the AI")),
      h("div", { class: "row" },
        h("button", { class: "small", "data-testid": "ed-play-link", onclick: () => this.play(false) }, "Play by secret link")),
      this.playOut);

    this.yaml = h("textarea", { class: "yaml", rows: 18, spellcheck: "false", "data-testid": "ed-yaml", "aria-label": "The scenario as YAML" });
    const yamlBox = h("details", { class: "panel", "data-testid": "ed-yaml-pane",
      ontoggle: (e) => { if (e.target.open) this.showYaml(); } },
      h("summary", {}, "YAML (the whole scenario file)"), this.yaml,
      h("div", { class: "row" }, h("button", { class: "small", "data-testid": "ed-yaml-apply", onclick: () => this.applyYaml() }, "Apply")));
    this.side.append(start, toolPanel, params, actions, yamlBox);
    this.setTool("terrain");
  }

  setTool(id) {
    this.tool = id;
    for (const b of this.toolButtons) b.classList.toggle("active", b.dataset.tool === id);
    if (this.geo) this.draw();  // the Sections tool shows each hex's sections
  }

  async listMine() {
    clear(this.mine);
    if (!authorKey.get()) { this.mine.append(h("li", { class: "muted" }, "None saved yet.")); return; }
    try {
      const r = await authored("GET", "/api/editor/scenarios");
      if (!r.scenarios.length) this.mine.append(h("li", { class: "muted" }, "None saved yet."));
      for (const x of r.scenarios) {
        this.mine.append(h("li", { "data-scenario": x.id },
          h("a", { href: `#/editor/${encodeURIComponent(x.id)}` }, x.name), " ",
          h("button", { class: "small danger", "data-testid": "ed-delete", onclick: () => this.remove(x) }, "Delete")));
      }
    } catch (e) { this.mine.append(h("li", { class: "error" }, e.detail || e.message)); }
  }

  async remove(x) {
    if (!confirm(`Delete your scenario ${x.name}? Games made on it keep their copy.`)) return;
    try { await authored("DELETE", `/api/editor/scenarios/${encodeURIComponent(x.id)}`); } catch (e) { this.say(e.detail || e.message, "error"); }
    if (this.savedId === x.id) { this.savedId = null; this.exportLink.hidden = true; }
    await this.listMine();
  }

  // ------------------------------------------------------------------ loading a scenario
  async start({ scenario = null, cols = 14, rows = 9 }) {
    const q = scenario ? `scenario=${encodeURIComponent(scenario)}` : `cols=${cols}&rows=${rows}`;
    try {
      const r = await api("GET", `/api/editor/start?module=${this.mod.module}&${q}`);
      if (this.data) this.remember(JSON.stringify(this.data));
      this.savedId = null;
      this.exportLink.hidden = true;
      await this.load(r.scenario);
      this.say(scenario ? `Started from ${title(scenario)}: save it to keep your copy.` : `A blank ${cols} × ${rows} board.`);
    } catch (e) { this.say(e.detail || e.message, "error"); }
  }

  async openSaved(id) {
    try {
      const r = await api("GET", `/api/editor/scenarios/${encodeURIComponent(id)}`);
      this.setSaved(r.id, r.content_id);
      await this.load(r.scenario);
      this.say(`Opened ${r.name}.`);
    } catch (e) { this.say(e.detail || e.message, "error"); }
  }

  setSaved(id, contentId) {
    this.savedId = id;
    this.contentId = contentId;
    this.savedContentId = contentId;
    this.exportLink.hidden = false;
    this.exportLink.setAttribute("href", `/api/editor/scenarios/${encodeURIComponent(id)}/export`);
    this.exportLink.setAttribute("download", "");
  }

  async load(data) {
    this.data = data;
    this.data.units = this.data.units || { allies: [], central: [] };
    this.data.objectives = this.data.objectives || [];
    this.data.map.hexes = this.data.map.hexes || {};
    this.geo = await api("POST", "/api/editor/map", { body: { module: this.mod.module, map: this.data.map } });
    this.sections = this.geo.sections || {};
    this.buildForm();
    this.draw();
  }

  changed() {
    this.contentId = null;
    this.draw();
  }

  // ------------------------------------------------------------------ the parameters form
  buildForm() {
    const d = this.data;
    const sides = this.mod.sides;
    const field = (label, input) => h("label", {}, h("span", {}, label), input);
    const text = (key, attrs = {}) => h("input", { value: d[key] || "", "data-param": key, ...attrs,
      oninput: (e) => { d[key] = e.target.value; this.contentId = null; } });
    const number = (get, set, attrs) => h("input", { type: "number", value: get(), ...attrs,
      oninput: (e) => { if (e.target.value !== "") { set(Number(e.target.value)); this.contentId = null; } } });
    const perSide = (key, label, min, max) => field(label, h("span", { class: "pair" }, sides.map((sd) =>
      number(() => d[key][sd], (v) => { d[key][sd] = v; }, { min, max, "data-param": `${key}.${sd}`, "aria-label": `${label} (${sd})` }))));
    const first = h("select", { "data-param": "first", onchange: (e) => { d.first = e.target.value; this.contentId = null; } },
      sides.map((x) => h("option", { value: x }, title(x))));
    first.value = d.first || sides[0];
    const desc = h("textarea", { rows: 3, "data-param": "description",
      oninput: (e) => { d.description = e.target.value; this.contentId = null; } });
    desc.value = d.description || "";
    const reserve = h("span", { class: "pair" }, sides.map((sd) => h("label", { class: "inline" },
      h("input", { type: "checkbox", "data-param": `reserve_artillery.${sd}`, checked: Boolean(d.reserve_artillery[sd]),
        onchange: (e) => { d.reserve_artillery[sd] = e.target.checked; this.contentId = null; } }), title(sd))));
    clear(this.form).append(
      field("Id", text("id", { "data-testid": "ed-id" })),
      field("Name", text("name", { "data-testid": "ed-name" })),
      field("Description", desc),
      field("First", first),
      field("Turn limit", number(() => d.turn_limit, (v) => { d.turn_limit = v; }, { min: 1, "data-param": "turn_limit" })),
      h("p", { class: "muted" }, `Per side: ${sides.map(title).join(" / ")}`),
      perSide("medals", "Medals to win", 1, 30), perSide("hand", "Command cards", 1, 10),
      perSide("combat_hand", "Combat cards", 0, 10), perSide("hq", "HQ tokens", 0, 20),
      field("Reserve artillery", reserve));
  }

  // ------------------------------------------------------------------ the map
  hexEntry(label) {
    const hexes = this.data.map.hexes;
    const key = Object.keys(hexes).find((k) => k.toUpperCase() === label);
    return [key || label, key ? hexes[key] : undefined];
  }

  terrainOf(label) {
    const [, e] = this.hexEntry(label);
    if (Array.isArray(e)) return e;
    if (e && e.terrain) return e.terrain;
    return (this.data.map.defaults && this.data.map.defaults.terrain) || [];
  }

  isHalf(label) {
    const [, e] = this.hexEntry(label);
    return Boolean(e && !Array.isArray(e) && e.half);
  }

  setEntry(label, terrain, half) {
    const [key] = this.hexEntry(label);
    const hexes = this.data.map.hexes;
    const def = (this.data.map.defaults && this.data.map.defaults.terrain) || [];
    const plain = terrain.length === def.length && terrain.every((t, i) => t === def[i]);
    const old = hexes[key];
    const extra = old && !Array.isArray(old) && old.elevation !== undefined ? { elevation: old.elevation } : {};
    if (plain && !half && !Object.keys(extra).length) delete hexes[key];
    else if (!half && !Object.keys(extra).length) hexes[key] = terrain.slice();
    else hexes[key] = { ...(plain ? {} : { terrain: terrain.slice() }), ...extra, ...(half ? { half: true } : {}) };
  }

  unitAt(label) {
    for (const side of this.mod.sides) {
      const i = this.data.units[side].findIndex((u) => String(u.hex).toUpperCase() === label);
      if (i >= 0) return [side, i];
    }
    return null;
  }

  newUnitId(side) {
    const used = new Set(this.mod.sides.flatMap((sd) => this.data.units[sd].map((u) => u.id)));
    let n = 1;
    while (used.has(`${PREFIX[side] || side[0]}${n}`)) n += 1;
    return `${PREFIX[side] || side[0]}${n}`;
  }

  apply(label) {
    const d = this.data;
    if (this.tool === "terrain") {
      const t = this.terrainSel.value;
      if (this.terrainOf(label).join() === t) return false;
      this.setEntry(label, [t], this.isHalf(label));
    } else if (this.tool === "half") {
      this.setEntry(label, this.terrainOf(label), !this.isHalf(label));
    } else if (this.tool === "unit") {
      // a unit of the chosen side clicked again goes; any other is replaced by the new one
      const at = this.unitAt(label);
      const side = this.sideSel.value;
      if (at) d.units[at[0]].splice(at[1], 1);
      if (!at || at[0] !== side) {
        const u = { id: this.newUnitId(side), kind: this.unitSel.value, hex: label };
        if (this.bomber.checked && u.kind === "infantry") u.bomber = true;
        d.units[side].push(u);
      }
    } else if (this.tool === "objective") {
      const i = d.objectives.findIndex((o) => String(o.hex).toUpperCase() === label);
      if (i >= 0) d.objectives.splice(i, 1);
      else d.objectives.push({ hex: label, for: this.sideSel.value });
    } else if (this.tool === "section") {
      const name = this.sectionSel.value;
      const inside = new Set(this.sections[name] || []);
      if (inside.has(label)) inside.delete(label); else inside.add(label);
      this.sections[name] = this.geo.hexes.map((x) => x.id).filter((x) => inside.has(x));
      d.map.sections = { ...(d.map.sections || {}), [name]: this.sections[name].slice() };
    } else if (this.tool === "erase") {
      const at = this.unitAt(label);
      if (at) d.units[at[0]].splice(at[1], 1);
      else d.objectives = d.objectives.filter((o) => String(o.hex).toUpperCase() !== label);
    }
    return true;
  }

  draw() {
    const geo = this.geo;
    const styles = Object.fromEntries(this.mod.terrain.map((t) => [t.id, t]));
    const svg = s("svg", { class: "map editmap", "data-testid": "ed-map", viewBox: geo.viewbox.join(" "), role: "group",
      "aria-label": `Map of ${this.data.name || "the scenario"}` });
    const gHex = s("g", {});
    const gTop = s("g", { class: "pieces" });
    for (const hx of geo.hexes) {
      const label = hx.id;
      const terr = this.terrainOf(label);
      const st = styles[terr[0]] || {};
      const half = this.isHalf(label);
      const pts = hx.corners.map((p) => p.join(",")).join(" ");
      const g = s("g", { class: "hex" + (half ? " half" : ""), "data-hex": label, "data-terrain": terr.join(" ") },
        s("title", {}, `${label}: ${terr.join(", ") || "clear"}${half ? ", half hex" : ""}`),
        s("polygon", { points: pts, fill: st.fill || "#eee", class: "terrain" }),
        s("polygon", { points: pts, class: "outline" }),
        s("text", { x: hx.x, y: hx.y - geo.size * 0.62, class: "hexlabel" }, label),
        terr[0] && terr[0] !== "clear" ? s("text", { x: hx.x, y: hx.y + geo.size * 0.62, class: "terrlabel" }, st.label || terr[0]) : null);
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${label}, ${terr.join(", ") || "clear"}${half ? ", half hex" : ""}: apply the tool`);
      g.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        this.click(label);
        const again = this.mapBox.querySelector(`g.hex[data-hex="${label}"]`);
        if (again) again.focus();  // the map was drawn again: keep the place
      });
      g.addEventListener("pointerdown", (e) => { e.preventDefault(); this.painting = this.tool === "terrain"; this.click(label); });
      g.addEventListener("pointerenter", () => { if (this.painting) this.click(label); });
      if (this.tool === "section") {
        const mine = ["left", "centre", "right"].filter((n) => (this.sections[n] || []).includes(label));
        g.setAttribute("data-sections", mine.join(" "));
        if (mine.includes(this.sectionSel.value)) g.append(s("polygon", { points: pts, class: "insection" }));
        g.append(s("text", { x: hx.x, y: hx.y + geo.size * 0.35, class: "sectlabel" }, mine.map((n) => n[0].toUpperCase()).join("")));
      }
      gHex.append(g);
      const at = this.unitAt(label);
      if (at) {
        const u = this.data.units[at[0]][at[1]];
        const si = this.mod.sides.indexOf(at[0]);
        const short = { infantry: "INF", machine_gun: "MG", mortar: "MTR", field_artillery: "ART", tank_male: "TK M", tank_female: "TK F" }[u.kind] || u.kind;
        gTop.append(s("g", { class: "eunit", "data-unit": u.id, "data-side": at[0], "data-kind": u.kind },
          s("title", {}, `${title(at[0])} ${u.kind}${u.bomber ? " (bombers)" : ""} ${u.id}`),
          s("rect", { x: hx.x - 16, y: hx.y - 12, width: 32, height: 24, rx: 3, fill: SIDE_COLORS[si] || "#555", stroke: "#222" }),
          s("text", { x: hx.x, y: hx.y + 4, class: "eunitlabel" }, short)));
      }
      const obj = this.data.objectives.find((o) => String(o.hex).toUpperCase() === label);
      if (obj) {
        const si = this.mod.sides.indexOf(obj.for);
        gTop.append(s("g", { class: "eobjective", "data-objective": label, "data-for": obj.for },
          s("title", {}, `Objective for ${title(obj.for)}`),
          s("circle", { cx: hx.x + geo.size * 0.45, cy: hx.y + geo.size * 0.3, r: 7, fill: "#fff", stroke: SIDE_COLORS[si] || "#333", "stroke-width": 3 }),
          s("text", { x: hx.x + geo.size * 0.45, y: hx.y + geo.size * 0.3 + 3.5, class: "markertext" }, "★")));
      }
    }
    svg.append(gHex, gTop);
    svg.addEventListener("pointerup", () => { this.painting = false; });
    svg.addEventListener("pointerleave", () => { this.painting = false; });
    const counts = this.mod.sides.map((sd) => `${title(sd)}: ${plural(this.data.units[sd].length, "unit")}`).join(" · ");
    clear(this.mapBox).append(svg, h("p", { class: "muted", "data-testid": "ed-counts" }, counts,
      ` · ${plural(this.data.objectives.length, "objective")}`));
  }

  click(label) {
    const before = JSON.stringify(this.data);
    if (this.apply(label)) {
      this.remember(before);
      this.changed();
    }
  }

  remember(before) {
    this.history.push(before);
    if (this.history.length > 200) this.history.shift();
  }

  // Back to the draft before the last map change, new start, YAML apply or import (the form's
  // fields go back with it to what they were then).
  async undo() {
    const last = this.history.pop();
    if (last === undefined) { this.say("Nothing to undo."); return; }
    await this.load(JSON.parse(last));  // the map's geometry and sections come from the server again
    this.contentId = null;
    this.say("Undone.");
  }

  // ------------------------------------------------------------------ YAML, import
  async showYaml() {
    try { this.yaml.value = await yamlOf(this.mod.module, this.data); } catch (e) { this.say(e.detail || e.message, "error"); }
  }

  async fromText(text, name) {
    const r = await api("POST", "/api/editor/parse", { body: { module: this.mod.module, text, name } });
    if (this.data) this.remember(JSON.stringify(this.data));
    await this.load(r.scenario);
    this.contentId = r.content_id;
    if (r.problem) this.say(`Loaded ${name}, but the loader refuses it: ${r.problem}`, "error");
    else this.say(`Loaded ${name}: the loader accepts it.`);
  }

  async applyYaml() {
    try { await this.fromText(this.yaml.value, "scenario.yaml"); } catch (e) { this.say(e.detail || e.message, "error"); }
  }

  async importFile(file) {
    if (!file) return;
    if (file.size > this.mod.limits.text) { this.say(`${file.name} is larger than ${this.mod.limits.text} bytes`, "error"); return; }
    try {
      this.savedId = null;
      this.exportLink.hidden = true;
      await this.fromText(await file.text(), file.name);
    } catch (e) { this.say(e.detail || e.message, "error"); }
  }

  // ------------------------------------------------------------------ check, save, play
  async check() {
    try {
      const r = await api("POST", "/api/editor/check", { body: { module: this.mod.module, scenario: this.data } });
      this.contentId = r.content_id;
      this.say("The loader accepts this scenario.");
      return true;
    } catch (e) { this.say(e.detail || e.message, "error"); return false; }
  }

  async save() {
    const body = { module: this.mod.module, scenario: this.data };
    try {
      const r = this.savedId && authorKey.get()
        ? await authored("PUT", `/api/editor/scenarios/${encodeURIComponent(this.savedId)}`, body)
        : await authored("POST", "/api/editor/scenarios", body);
      if (r.author_key) authorKey.set(r.author_key);
      this.setSaved(r.id, r.content_id);
      history.replaceState(null, "", `#/editor/${encodeURIComponent(r.id)}`);
      this.say(`Saved ${r.name}.`);
      await this.listMine();
      return true;
    } catch (e) {
      if (e.status === 403 && this.savedId) {  // another author's scenario: save a copy of one's own
        this.savedId = null;
        return this.save();
      }
      this.say(`Not saved: ${e.detail || e.message}`, "error");
      return false;
    }
  }

  // A game cites the content id of a stored copy: a draft with unsaved changes is saved first.
  async play(againstAi) {
    if (!this.savedId || !this.contentId || this.contentId !== this.savedContentId) {
      if (!(await this.save())) return;
    }
    const seats = againstAi ? [{ kind: "human" }, { kind: "ai", level: this.levelSel.value }] : [{ kind: "human" }, { kind: "human" }];
    try {
      const g = await api("POST", "/api/games", { body: { module: this.mod.module, scenario: this.contentId, seats } });
      remember(g.id, g.fairness);
      hostKeys.add(g.id, g.host_key);
      seatTokens.add(g.id, g.seats[0].seat, g.seats[0].token);
      if (againstAi) { location.hash = `#/game/${encodeURIComponent(g.id)}`; return; }
      const other = g.seats[1];
      const url = location.origin + other.link;
      const input = h("input", { readonly: true, value: url, "aria-label": `Secret link for ${title(other.name)}` });
      clear(this.playOut).append(h("p", {}, `Send ${title(other.name)} this secret link (shown once):`),
        h("div", { class: "link", "data-testid": "seat-link" }, input,
          h("button", { class: "small", onclick: () => copyText(url, input) }, "Copy")),
        h("a", { class: "button", href: `#/game/${encodeURIComponent(g.id)}` }, `Play ${title(g.seats[0].name)} at the table`));
    } catch (e) { this.say(e.detail || e.message, "error"); }
  }
}
