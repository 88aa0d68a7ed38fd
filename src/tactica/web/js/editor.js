// The scenario editor (docs/editor.md), one editor for every editable module: start from a
// built-in scenario or a blank board, paint terrain, levels and hexsides, place and remove units
// and objectives, mark sections, set-up zones and buildings, set the parameters (a form, or the
// whole scenario as YAML), check it with the module's own loader, save it (owned by this
// browser's author key), export and import the YAML file, and play it at once against the AI or
// by secret link. What a module offers (tools, palettes, the form) is its description from the
// server (GET /api/editor/modules); the draft is the plain data of the module's scenario file
// (editor_model.js works on it). The server draws nothing and decides nothing here but checks,
// stores and turns data into YAML.
import { api, seatTokens, hostKeys, copyText, ApiError } from "./api.js";
import { h, s, clear } from "./dom.js";
import { remember } from "./fairness.js";
import {
  getAt, setAt, pathName, hexInfo, setHex, toggleHexside, unitsOf, unitsAt, palette, placeUnit,
  removeAt, objectives, toggleObjective, areaSets, toggleArea, markerAt, toggleMarker, roadSteps, toggleRoad,
} from "./editor_model.js";

const AUTHOR = "tactica.author";
const MODULE = "tactica.editor.module";
const title = (x) => String(x).replace(/[_-]/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const SIDE_COLORS = ["#4f6f8f", "#77715a"];
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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
    const last = sessionStorage.getItem(MODULE);
    this.mod = info.modules.find((m) => m.module === last) || info.modules[0];
    this.data = null;       // the scenario, as the data of its file
    this.geo = null;        // the map's drawing geometry (server/geometry.py)
    this.sets = {};         // tool -> name -> hex labels (sections, zones, buildings)
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
    else await this.start(this.blankSize());
  }

  say(text, kind = "ok") {
    clear(this.status).append(h("p", { class: kind === "error" ? "error" : "okmsg", "data-kind": kind }, text));
  }

  blankSize() {
    const b = this.mod.blank;
    if (b.fixed) return { cols: b.fixed[0], rows: b.fixed[1] };
    return { cols: b.default[0], rows: b.default[1] };
  }

  async switchModule(module) {
    const m = this.info.modules.find((x) => x.module === module);
    if (!m || m === this.mod) return;
    this.mod = m;
    sessionStorage.setItem(MODULE, module);
    this.data = null;
    this.geo = null;
    this.history = [];
    this.savedId = null;
    clear(this.side);
    this.buildSide();
    await this.listMine();
    await this.start(this.blankSize());
  }

  // ------------------------------------------------------------------ the side panel
  buildSide() {
    const m = this.mod;
    const moduleSel = h("select", { id: "ed-module", "data-testid": "ed-module", "aria-label": "Game to edit",
      onchange: (e) => this.switchModule(e.target.value) },
    this.info.modules.map((x) => h("option", { value: x.module }, title(x.module))));
    moduleSel.value = m.module;
    const builtin = h("select", { id: "ed-from", "data-testid": "ed-from", "aria-label": "Built-in scenario to start from" }, m.scenarios.map((x) => h("option", { value: x }, title(x))));
    const b = m.blank;
    const size = b.fixed ? [h("span", { class: "muted" }, `${b.fixed[0]} × ${b.fixed[1]} (the module's map size)`)] : (() => {
      const cols = h("input", { id: "ed-cols", "data-testid": "ed-cols", type: "number", min: b.cols[0], max: b.cols[1], value: b.default[0], "aria-label": "Columns of a blank board" });
      const rows = h("input", { id: "ed-rows", "data-testid": "ed-rows", type: "number", min: b.rows[0], max: b.rows[1], value: b.default[1], "aria-label": "Rows of a blank board" });
      this.sizeInputs = [cols, rows];
      return [cols, "×", rows];
    })();
    if (b.fixed) this.sizeInputs = null;
    this.mine = h("ul", { class: "mine", "data-testid": "my-scenarios" });
    const start = h("section", { class: "panel" }, h("h3", {}, "Start"),
      h("div", { class: "row" }, moduleSel),
      h("div", { class: "row" }, builtin, h("button", { class: "small", "data-testid": "ed-open-builtin",
        onclick: () => this.start({ scenario: builtin.value }) }, "Start from it")),
      h("div", { class: "row" }, h("label", { for: b.fixed ? "ed-blank" : "ed-cols" }, "Blank board"), size,
        h("button", { class: "small", "data-testid": "ed-blank", id: "ed-blank",
          onclick: () => this.start(this.sizeInputs ? { cols: Number(this.sizeInputs[0].value), rows: Number(this.sizeInputs[1].value) } : this.blankSize()) }, "New")),
      h("h3", {}, "My scenarios"), this.mine);

    const field = (label, input, id) => h("label", { for: id }, h("span", {}, label), input);
    this.terrainSel = h("select", { id: "ed-terrain", "data-testid": "ed-terrain" },
      m.terrain.map((t) => h("option", { value: t.id }, t.label || t.id)));
    this.sideSel = h("select", { id: "ed-side", "data-testid": "ed-side", onchange: () => this.fillPalette() },
      m.sides.map((x) => h("option", { value: x }, title(x))));
    this.unitSel = h("select", { id: "ed-unit", "data-testid": "ed-unit" });
    this.weaponSel = m.units.weapons ? h("select", { id: "ed-weapon", "data-testid": "ed-weapon" }) : null;
    this.flags = m.units.flags.map((f) => [f, h("input", { type: "checkbox", id: `ed-${f.key}`, "data-testid": `ed-${f.key}` })]);
    const tools = m.tools;
    this.toolButtons = tools.map(([id, label]) => h("button", { class: "small", "data-tool": id, "data-testid": `tool-${id}`,
      onclick: () => this.setTool(id) }, label));
    const rows = [field("Terrain", this.terrainSel, "ed-terrain"), field("Side", this.sideSel, "ed-side"),
      field(m.units.label || "Unit", this.unitSel, "ed-unit")];
    if (this.weaponSel) rows.push(field("Weapon carried", this.weaponSel, "ed-weapon"));
    for (const [f, box] of this.flags) rows.push(field(f.label, box, `ed-${f.key}`));
    if (m.levels) {
      this.levelValue = h("select", { id: "ed-level-value", "data-testid": "ed-level-value" },
        m.levels.map((x) => h("option", { value: x }, `Level ${x}`)));
      this.levelValue.value = "1";
      rows.push(field("Level", this.levelValue, "ed-level-value"));
    }
    if (m.hexside) {
      this.hexsideSel = h("select", { id: "ed-hexside", "data-testid": "ed-hexside" },
        m.hexside.map((x) => h("option", { value: x.id }, x.label)));
      rows.push(field("Hexside", this.hexsideSel, "ed-hexside"));
    }
    if (m.roads) {
      this.roadSel = h("select", { id: "ed-road", "data-testid": "ed-road" },
        m.roads.map((x) => h("option", { value: x.id }, x.label)));
      rows.push(field("Road", this.roadSel, "ed-road"));
    }
    if (m.markers) {
      this.markerSel = h("select", { id: "ed-marker", "data-testid": "ed-marker" },
        m.markers.kinds.map((x) => h("option", { value: x.id }, x.name)));
      rows.push(field(m.markers.label, this.markerSel, "ed-marker"));
    }
    if (m.objectives.style === "numbered") {
      this.objectiveSel = h("select", { id: "ed-objective", "data-testid": "ed-objective" },
        m.objectives.ids.map((x) => h("option", { value: x }, `Objective ${x}`)));
      rows.push(field("Objective", this.objectiveSel, "ed-objective"));
    } else if (m.objectives.style === "named") {  // a name of the map's and its value (VP)
      this.objectiveSel = h("input", { id: "ed-objective", "data-testid": "ed-objective", value: m.objectives.default_name || "obj" });
      this.objectiveValue = h("input", { id: "ed-objective-value", "data-testid": "ed-objective-value", type: "number", min: 1, value: 1 });
      rows.push(field("Objective", this.objectiveSel, "ed-objective"),
        field(m.objectives.value_label || "Value", this.objectiveValue, "ed-objective-value"));
    }
    this.areaInputs = {};
    for (const area of m.areas) {
      const id = `ed-${area.tool}`;
      let input;
      if (area.names) {
        input = h("select", { id, "data-testid": id, onchange: () => this.geo && this.draw() },
          area.names.map((x) => h("option", { value: x }, title(x))));
      } else {
        const list = h("datalist", { id: `${id}-names` });
        input = h("input", { id, "data-testid": id, list: `${id}-names`, value: area.tool === "zone" ? "north-edge" : "b1",
          oninput: () => { this.syncEdge(area); if (this.geo) this.draw(); } });
        rows.push(list);
        this.areaInputs[`${area.tool}-list`] = list;
      }
      rows.push(field(area.label, input, id));
      this.areaInputs[area.tool] = input;
      if (area.edges) {
        const edge = h("select", { id: `${id}-edge`, "data-testid": `${id}-edge` }, area.edge_names.map((x) => h("option", { value: x }, title(x))));
        rows.push(field(`${area.label} edge`, edge, `${id}-edge`));
        this.areaInputs[`${area.tool}-edge`] = edge;
      }
    }
    const toolPanel = h("section", { class: "panel" }, h("h3", {}, "Map"),
      h("div", { class: "row toolrow" }, this.toolButtons,
        h("button", { class: "small", "data-testid": "ed-undo", title: "Undo the last change to the draft (Ctrl+Z)",
          onclick: () => this.undo() }, "Undo")),
      rows,
      h("p", { class: "muted" }, "Click a hex (or drag to paint). "
        + (m.units.stack ? "Units stack in a hex; Remove takes the last one off. " : "A unit or objective clicked again with its tool is removed. ")
        + (m.hexside ? "Hexside: click a hex near the side to mark (again: unmark). " : "")
        + (m.roads ? "Road: click a hex near the side the road crosses into the next hex (again: taken off). " : "")
        + "Sets of hexes (sections, zones, buildings): the clicked hex goes in or out of the named set."));

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

  // The unit palette of the chosen side (its nation's roster where the module has rosters).
  fillPalette() {
    if (!this.data) return;
    const side = this.sideSel.value;
    const keep = this.unitSel.value;
    clear(this.unitSel).append(...palette(this.mod, this.data, side).map((u) => h("option", { value: u.id }, u.name)));
    if ([...this.unitSel.options].some((o) => o.value === keep)) this.unitSel.value = keep;
    if (this.weaponSel) {
      const nation = getAt(this.data, this.mod.units.palette_by, side);
      const keepW = this.weaponSel.value;
      clear(this.weaponSel).append(h("option", { value: "" }, "none"),
        ...(this.mod.units.weapons[nation] || []).map((w) => h("option", { value: w.id }, w.name)));
      if ([...this.weaponSel.options].some((o) => o.value === keepW)) this.weaponSel.value = keepW;
    }
  }

  syncEdge(area) {
    const edge = this.areaInputs[`${area.tool}-edge`];
    if (!edge || !this.data) return;
    const now = (getAt(this.data, area.edges) || {})[this.areaInputs[area.tool].value];
    if (now) edge.value = now;
  }

  setTool(id) {
    this.tool = id;
    for (const b of this.toolButtons) b.classList.toggle("active", b.dataset.tool === id);
    if (this.geo) this.draw();  // an area's tool shows each hex's sets
  }

  async listMine() {
    clear(this.mine);
    if (!authorKey.get()) { this.mine.append(h("li", { class: "muted" }, "None saved yet.")); return; }
    try {
      const r = await authored("GET", "/api/editor/scenarios");
      if (!r.scenarios.length) this.mine.append(h("li", { class: "muted" }, "None saved yet."));
      for (const x of r.scenarios) {
        this.mine.append(h("li", { "data-scenario": x.id, "data-module": x.module },
          h("a", { href: `#/editor/${encodeURIComponent(x.id)}` }, x.name), " ",
          h("span", { class: "muted" }, `(${title(x.module)})`), " ",
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
  async start({ scenario = null, cols, rows }) {
    const q = scenario ? `scenario=${encodeURIComponent(scenario)}` : `cols=${cols}&rows=${rows}`;
    try {
      const r = await api("GET", `/api/editor/start?module=${this.mod.module}&${q}`);
      if (this.data) this.remember(JSON.stringify(this.data));
      this.savedId = null;
      this.exportLink.hidden = true;
      await this.load(r.scenario);
      const g = r.scenario.map && r.scenario.map.geometry;
      this.say(scenario ? `Started from ${title(scenario)}: save it to keep your copy.` : `A blank ${g.cols} × ${g.rows} board.`);
    } catch (e) { this.say(e.detail || e.message, "error"); }
  }

  async openSaved(id) {
    try {
      const r = await api("GET", `/api/editor/scenarios/${encodeURIComponent(id)}`);
      if (r.module !== this.mod.module) {
        this.mod = this.info.modules.find((x) => x.module === r.module) || this.mod;
        this.geo = null;
        clear(this.side);
        this.buildSide();
        await this.listMine();
      }
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
    const m = this.mod;
    for (const side of m.sides) {
      const at = getAt(data, m.units.at, side);
      if (m.units.style === "mapping" ? !(at && typeof at === "object") : !Array.isArray(at)) setAt(data, m.units.at, side, m.units.style === "mapping" ? {} : []);
    }
    if (m.objectives.style === "list" && !Array.isArray(getAt(data, m.objectives.at))) setAt(data, m.objectives.at, "", []);
    data.map.hexes = data.map.hexes || {};
    this.geo = await api("POST", "/api/editor/map", { body: { module: m.module, map: data.map } });
    this.order = this.geo.hexes.map((x) => x.id);
    this.centre = Object.fromEntries(this.geo.hexes.map((x) => [x.id, [x.x, x.y]]));
    this.sets = Object.fromEntries(m.areas.map((a) => [a.tool, areaSets(a, data, this.geo)]));
    this.buildForm();
    this.fillPalette();
    this.draw();
  }

  changed() {
    this.contentId = null;
    this.draw();
  }

  // ------------------------------------------------------------------ the parameters form
  // Each parameter of the module's description: a path in the file, a label and an input kind;
  // a per-side one has an input for each side.
  buildForm() {
    const d = this.data;
    const sides = this.mod.sides;
    const dirty = () => { this.contentId = null; };
    const input = (p, side) => {
      const name = pathName(p.at, side);
      const aria = side ? { "aria-label": `${p.label} (${side})` } : {};
      const base = { "data-param": name, ...(p.testid ? { "data-testid": p.testid } : {}), ...aria };
      const now = getAt(d, p.at, side);
      const set = (v) => { setAt(d, p.at, side, v); dirty(); };
      if (p.type === "text") return h("input", { ...base, value: now || "", oninput: (e) => set(e.target.value) });
      if (p.type === "textarea") {
        const t = h("textarea", { ...base, rows: 3, oninput: (e) => set(e.target.value || undefined) });
        t.value = now || "";
        return t;
      }
      if (p.type === "number") {
        return h("input", { ...base, type: "number", value: now ?? "", min: p.min, max: p.max_by_side ? p.max_by_side[side] : p.max,
          oninput: (e) => { if (e.target.value !== "") set(Number(e.target.value)); else if (p.optional) set(undefined); } });
      }
      if (p.type === "checkbox") {
        // a checkbox of the whole scenario is named by its parameter (a nested label gives no name)
        return h("label", { class: "inline" }, h("input", { ...base, ...(side ? {} : { "aria-label": p.label }), type: "checkbox", checked: Boolean(now),
          onchange: (e) => set(e.target.checked) }), side ? title(side) : "");
      }
      const options = p.type === "zone" ? Object.keys(getAt(d, p.zones_at) || {}).map((z) => ({ value: z, label: z })) : p.options;
      const sel = h("select", { ...base, onchange: (e) => {
        set(options[Number(e.target.value)].value);
        if (p.at.join(".") === (this.mod.units.palette_by || []).join(".")) this.fillPalette();
      } }, options.map((o, i) => h("option", { value: i }, o.label)));
      const i = options.findIndex((o) => same(o.value, now));
      if (i >= 0) sel.value = String(i);
      else if (now !== undefined) { sel.append(h("option", { value: "" }, String(now))); sel.value = ""; }
      return sel;
    };
    const out = [];
    let perSideSaid = false;
    for (const p of this.mod.params) {
      if (p.type === "forces") { out.push(this.forcesBlock(p)); continue; }
      if (p.type === "reinforcements") { out.push(this.reinforcementsBlock(p)); continue; }
      if (p.type === "pairs") { out.push(this.pairsBlock(p)); continue; }
      if (p.type === "idlist") {
        out.push(h("div", { class: "forcesbox" }, h("p", { class: "muted" }, p.label),
          (p.each_side ? sides : [""]).map((sd) => this.idList(p, sd))));
        continue;
      }
      if (!p.each_side) { out.push(h("label", {}, h("span", {}, p.label), input(p, ""))); continue; }
      if (!perSideSaid) { out.push(h("p", { class: "muted" }, `Per side: ${sides.map(title).join(" / ")}`)); perSideSaid = true; }
      out.push(h("label", {}, h("span", {}, p.label), h("span", { class: "pair" }, sides.map((sd) => input(p, sd)))));
    }
    if (this.mod.note) out.push(h("p", { class: "muted" }, this.mod.note));
    clear(this.form).append(...out);
  }

  // A list of ids chosen from the parameter's options (or the side's palette, less the units
  // already on the map): chips to take one off, a select and Add.
  idList(p, side) {
    const d = this.data;
    const key = pathName(p.at, side);
    const now = getAt(d, p.at, side) || [];
    const placed = new Set(side ? unitsOf(this.mod, d, side).map((u) => u[this.mod.units.kind]) : []);
    const options = p.choices === "palette" ? palette(this.mod, d, side).map((u) => ({ value: u.id, label: u.name })) : p.options;
    const labelOf = (v) => (options.find((o) => same(o.value, v)) || {}).label || String(v);
    const change = (list) => { setAt(d, p.at, side, list.length ? list : undefined); this.contentId = null; this.buildForm(); };
    const sel = h("select", { "data-testid": `ed-list-${key}`, "aria-label": `${p.label}${side ? ` (${side})` : ""}: add` },
      options.filter((o) => !now.includes(o.value) && !placed.has(o.value)).map((o) => h("option", { value: o.value }, o.label)));
    return h("div", { class: "forces", "data-list": key },
      h("p", {}, side ? h("b", {}, `${title(side)}: `) : null, now.length ? "" : h("span", { class: "muted" }, "none"),
        now.map((v, i) => h("button", { class: "small chipbtn", title: "Take it off", "data-testid": "ed-list-item",
          onclick: () => change(now.filter((_, k) => k !== i)) }, `${labelOf(v)} ✕`))),
      h("div", { class: "row" }, sel, h("button", { class: "small", "data-testid": `ed-list-add-${key}`,
        onclick: () => { if (sel.value) change([...now, sel.value]); } }, "Add")));
  }

  // A mapping of chosen keys to chosen values (Combat Infantry's battalion weapon -> company).
  pairsBlock(p) {
    const d = this.data;
    const key = pathName(p.at);
    const now = { ...(getAt(d, p.at) || {}) };
    const name = (list, v) => (list.find((o) => same(o.value, v)) || {}).label || String(v);
    const change = (m) => { setAt(d, p.at, "", Object.keys(m).length ? m : undefined); this.contentId = null; this.buildForm(); };
    const keySel = h("select", { "data-testid": `ed-pairs-key-${key}`, "aria-label": `${p.label}: which` },
      p.keys.filter((o) => !(o.value in now)).map((o) => h("option", { value: o.value }, o.label)));
    const valSel = h("select", { "data-testid": `ed-pairs-value-${key}`, "aria-label": `${p.label}: to what` },
      p.values.map((o, i) => h("option", { value: i }, o.label)));
    return h("div", { class: "forcesbox", "data-pairs": key }, h("p", { class: "muted" }, p.label),
      h("p", {}, Object.keys(now).length ? "" : h("span", { class: "muted" }, "none"),
        Object.entries(now).map(([k, v]) => h("button", { class: "small chipbtn", title: "Take it off", "data-testid": "ed-pairs-item",
          onclick: () => { const m = { ...now }; delete m[k]; change(m); } }, `${name(p.keys, k)} → ${name(p.values, v)} ✕`))),
      h("div", { class: "row" }, keySel, valSel, h("button", { class: "small", "data-testid": `ed-pairs-add-${key}`,
        onclick: () => { if (keySel.value) change({ ...now, [keySel.value]: p.values[Number(valSel.value)].value }); } }, "Add")));
  }

  // A side's forces set up by its player (leaders, counted squads and teams, weapons, radios):
  // the roster's choices say where each goes ("forces": [list or count key, value]).
  forcesBlock(p) {
    const perSide = this.mod.sides.map((side) => h("div", { class: "forces", "data-forces": side },
      this.forcesEditor(side, `${title(side)}: `, () => getAt(this.data, p.at, side) || {},
        (f) => setAt(this.data, p.at, side, f), side)));
    return h("div", { class: "forcesbox" }, h("p", { class: "muted" }, p.label), perSide);
  }

  // Groups of forces arriving on a Time Track space (6.1.2 step 5), each edited as the forces are.
  reinforcementsBlock(p) {
    const perSide = this.mod.sides.map((side) => {
      const groups = () => getAt(this.data, p.at, side) || [];
      const rows = groups().map((g, i) => {
        const time = h("input", { type: "number", min: 1, max: 20, value: g.time, "data-param": `${pathName(p.at, side)}.${i}.time`,
          "aria-label": `Time space of ${side} reinforcement ${i + 1}`,
          oninput: (e) => { if (e.target.value !== "") { groups()[i].time = Number(e.target.value); this.contentId = null; } } });
        const drop = h("button", { class: "small danger", "data-testid": `ed-reinf-remove-${side}`, onclick: () => {
          const all = groups().filter((_, k) => k !== i);
          setAt(this.data, p.at, side, all);
          this.contentId = null;
          this.buildForm();
        } }, "Remove group");
        return h("div", { class: "forces", "data-reinforcement": `${side}-${i}` },
          h("div", { class: "row" }, h("span", {}, `Time ${i + 1}:`), time, drop),
          this.forcesEditor(side, "", () => groups()[i], (f) => { groups()[i] = f; }, `${side}-r${i}`));
      });
      const add = h("button", { class: "small", "data-testid": `ed-reinf-add-${side}`, onclick: () => {
        const start = Number(getAt(this.data, ["time", "start"]) || 0);
        setAt(this.data, p.at, side, [...groups(), { time: start + 1, [this.mod.units.counted]: {} }]);
        this.contentId = null;
        this.buildForm();
      } }, `Add a ${title(side)} group`);
      return h("div", { "data-reinforcements": side }, rows, add);
    });
    return h("div", { class: "forcesbox" }, h("p", { class: "muted" }, p.label), perSide);
  }

  forcesEditor(side, heading, get, put, key) {
    const d = this.data;
    const u = this.mod.units;
    const nation = getAt(d, u.palette_by, side);
    const choices = [...palette(this.mod, d, side), ...((u.weapons || {})[nation] || []), ...((u.radios || {})[nation] || [])]
      .filter((c) => c.forces);
    const forces = get();
    const nameOf = (k, value) => (choices.find((c) => c.forces[0] === k && c.forces[1] === value) || {}).name || value;
    const change = (fn) => {
      const f = JSON.parse(JSON.stringify(get()));
      fn(f);
      put(f);
      this.contentId = null;
      this.buildForm();
    };
    const items = [];
    for (const [k, value] of Object.entries(forces)) {
      if (Array.isArray(value)) {
        value.forEach((v, i) => items.push([`${nameOf(k, v)}`, (f) => f[k].splice(i, 1)]));
      } else if (value && typeof value === "object") {
        for (const [id, n] of Object.entries(value)) {
          items.push([`${n} × ${nameOf(k, id)}`, (f) => { f[k][id] -= 1; if (f[k][id] <= 0) delete f[k][id]; }]);
        }
      }
    }
    this.forcesPick = this.forcesPick || {};
    const sel = h("select", { "data-testid": `ed-forces-${key}`, "aria-label": `Add to the ${side} forces`,
      onchange: (e) => { this.forcesPick[key] = e.target.value; } },
    choices.map((c, i) => h("option", { value: i }, c.name)));
    if (choices[Number(this.forcesPick[key])]) sel.value = this.forcesPick[key];  // kept over redraws
    const add = () => change((f) => {
      const [k, value] = choices[Number(sel.value)].forces;
      if (k === u.counted) { f[k] = f[k] || {}; f[k][value] = (f[k][value] || 0) + 1; } else { f[k] = [...(f[k] || []), value]; }
    });
    return [
      h("p", {}, heading ? h("b", {}, heading) : null, items.length ? "" : h("span", { class: "muted" }, "none"),
        items.map(([text, fn]) => h("button", { class: "small chipbtn", title: "Take one off", "data-testid": "ed-forces-item",
          onclick: () => change(fn) }, `${text} ✕`))),
      h("div", { class: "row" }, sel, h("button", { class: "small", "data-testid": `ed-forces-add-${key}`, onclick: add }, "Add")),
    ];
  }

  // ------------------------------------------------------------------ the map
  nearestSide(label, point) {
    const [x, y] = this.centre[label];
    const reach = this.geo.size * 2;
    let best = null;
    let bestDot = -Infinity;
    for (const [other, [ox, oy]] of Object.entries(this.centre)) {
      const dx = ox - x;
      const dy = oy - y;
      const dist = Math.hypot(dx, dy);
      if (other === label || dist > reach) continue;
      const dot = ((point[0] - x) * dx + (point[1] - y) * dy) / dist;
      if (dot > bestDot) { bestDot = dot; best = other; }
    }
    return best;
  }

  apply(label, point) {
    const d = this.data;
    const m = this.mod;
    const info = hexInfo(d.map, label);
    if (this.tool === "terrain") {
      const t = this.terrainSel.value;
      if (info.terrain.join() === t) return false;
      setHex(d.map, label, { ...info, terrain: [t] });
    } else if (this.tool === "half") {
      setHex(d.map, label, { ...info, half: !info.half });
    } else if (this.tool === "level") {
      const v = Number(this.levelValue.value);
      if (info.elevation === v) return false;
      setHex(d.map, label, { ...info, elevation: v });
    } else if (this.tool === "hexside") {
      const other = point ? this.nearestSide(label, point) : null;
      if (!other) { this.say("Hexsides are marked by pointer: click a hex near the side to mark.", "error"); return false; }
      toggleHexside(d.map, label, other, this.hexsideSel.value);
    } else if (this.tool === "road") {
      const other = point ? this.nearestSide(label, point) : null;
      if (!other) { this.say("Roads are drawn by pointer: click a hex near the side the road crosses.", "error"); return false; }
      toggleRoad(d.map, label, other, this.roadSel.value);
    } else if (this.tool === "unit") {
      const extra = {};
      for (const [f, box] of this.flags) if (box.checked && f.kinds.includes(this.unitSel.value)) extra[f.key] = true;
      if (this.weaponSel && this.weaponSel.value) extra.weapon = this.weaponSel.value;
      if (!this.unitSel.value) return false;
      placeUnit(m, d, label, this.sideSel.value, this.unitSel.value, extra);
    } else if (this.tool === "objective") {
      const choice = m.objectives.style === "list" ? this.sideSel.value : this.objectiveSel.value.trim();
      if (!choice) { this.say("Name the objective first.", "error"); return false; }
      return toggleObjective(m, d, label, choice, false, this.objectiveValue ? Number(this.objectiveValue.value) : null);
    } else if (this.tool === "marker") {
      return toggleMarker(m, d, label, this.markerSel.value);
    } else if (this.tool === "erase") {
      return removeAt(m, d, label);
    } else {
      const area = m.areas.find((a) => a.tool === this.tool);
      if (!area) return false;
      const name = this.areaInputs[area.tool].value.trim();
      if (!name) { this.say(`Name the ${area.label.toLowerCase()} first.`, "error"); return false; }
      const edge = this.areaInputs[`${area.tool}-edge`];
      toggleArea(area, d, this.sets[area.tool], this.order, name, label, edge ? edge.value : null);
      const zoneField = m.params.some((p) => p.type === "zone" && pathName(p.zones_at) === pathName(area.at));
      if (area.edges || zoneField) this.buildForm();  // a new set-up zone is offered in the form at once
    }
    return true;
  }

  svgPoint(svg, e) {
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  draw() {
    const geo = this.geo;
    const m = this.mod;
    const styles = Object.fromEntries(m.terrain.map((t) => [t.id, t]));
    const svg = s("svg", { class: "map editmap", "data-testid": "ed-map", "data-module": m.module, viewBox: geo.viewbox.join(" "), role: "group",
      "aria-label": `Map of ${this.data.name || "the scenario"}` });
    const gHex = s("g", {});
    const gSides = s("g", { class: "hexsides" });
    const gTop = s("g", { class: "pieces" });
    const area = m.areas.find((a) => a.tool === this.tool);
    const objs = objectives(m, this.data);
    const paletteOf = Object.fromEntries(m.sides.map((sd) => [sd, Object.fromEntries(palette(m, this.data, sd).map((u) => [u.id, u]))]));
    const weaponShort = (side, id) => {
      const nation = m.units.palette_by ? getAt(this.data, m.units.palette_by, side) : null;
      const w = ((m.units.weapons || {})[nation] || []).find((x) => x.id === id);
      return w ? w.short : id;
    };
    for (const hx of geo.hexes) {
      const label = hx.id;
      const info = hexInfo(this.data.map, label);
      const terr = info.terrain;
      const st = styles[terr[0]] || {};
      const pts = hx.corners.map((p) => p.join(",")).join(" ");
      const desc = `${label}: ${terr.join(", ") || "clear"}${info.elevation ? `, level ${info.elevation}` : ""}${info.half ? ", half hex" : ""}`;
      const g = s("g", { class: "hex" + (info.half ? " half" : ""), "data-hex": label, "data-terrain": terr.join(" "),
        "data-level": info.elevation },
      s("title", {}, desc),
      s("polygon", { points: pts, fill: st.fill || "#eee", class: "terrain" }),
      info.elevation > 0 ? s("polygon", { points: pts, class: "level", fill: `rgba(120, 80, 30, ${Math.min(0.12 * info.elevation, 0.45)})` }) : null,
      s("polygon", { points: pts, class: "outline" }),
      s("text", { x: hx.x, y: hx.y - geo.size * 0.62, class: "hexlabel" }, label),
      terr[0] && terr[0] !== (m.plain || "clear") ? s("text", { x: hx.x, y: hx.y + geo.size * 0.62, class: "terrlabel" }, st.label || terr[0]) : null,
      info.elevation ? s("text", { x: hx.x - geo.size * 0.55, y: hx.y + 3, class: "terrlabel" }, `L${info.elevation}`) : null);
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", `${desc}: apply the tool`);
      g.addEventListener("keydown", (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();
        this.click(label, null);
        const again = this.mapBox.querySelector(`g.hex[data-hex="${label}"]`);
        if (again) again.focus();  // the map was drawn again: keep the place
      });
      g.addEventListener("pointerdown", (e) => {
        e.preventDefault();
        this.painting = this.tool === "terrain" || this.tool === "level";
        this.click(label, this.svgPoint(svg, e));
      });
      g.addEventListener("pointerenter", () => { if (this.painting) this.click(label, null); });
      if (area) {
        const sets = this.sets[area.tool] || {};
        const mine = Object.keys(sets).filter((n) => sets[n].includes(label));
        g.setAttribute(`data-${area.tool}s`, mine.join(" "));
        if (mine.includes(this.areaInputs[area.tool].value)) g.append(s("polygon", { points: pts, class: "insection" }));
        g.append(s("text", { x: hx.x, y: hx.y + geo.size * 0.35, class: "sectlabel" },
          area.names ? mine.map((n) => n[0].toUpperCase()).join("") : (mine.length ? mine.join(",").slice(0, 10) : "")));
      }
      gHex.append(g);
      const here = unitsAt(m, this.data, label);
      here.forEach(([side, , u], k) => {
        const si = m.sides.indexOf(side);
        const kind = u[m.units.kind];
        const type = paletteOf[side][kind];
        const short = (type && type.short) || kind;
        const dx = k * 4;
        gTop.append(s("g", { class: "eunit", "data-unit": u.id || `${side}-${k}`, "data-side": side, "data-kind": kind },
          s("title", {}, `${title(side)} ${type ? type.name : kind}${u.weapon ? ` with ${u.weapon}` : ""}${u.bomber ? " (bombers)" : ""}${u.id ? ` ${u.id}` : ""}`),
          s("rect", { x: hx.x - 16 + dx, y: hx.y - 12 - dx, width: 32, height: 24, rx: 3, fill: SIDE_COLORS[si] || "#555", stroke: "#222" }),
          s("text", { x: hx.x + dx, y: hx.y + 4 - dx, class: "eunitlabel" }, u.weapon ? `${short}+${weaponShort(side, u.weapon)}` : short)));
      });
      const marker = m.markers ? markerAt(m, this.data, label) : null;
      if (marker) {
        const kind = m.markers.kinds.find((k) => k.id === marker[m.markers.key]);
        gTop.append(s("g", { class: "emarker", "data-marker": label, "data-kind": marker[m.markers.key] },
          s("title", {}, `${label}: ${kind ? kind.name : marker[m.markers.key]}`),
          s("rect", { x: hx.x - geo.size * 0.7, y: hx.y - geo.size * 0.45, width: 20, height: 14, rx: 2, fill: "#f4e9c8", stroke: "#6b5a2e" }),
          s("text", { x: hx.x - geo.size * 0.7 + 10, y: hx.y - geo.size * 0.45 + 10.5, class: "markertext" }, kind ? kind.short : "?")));
      }
      for (const obj of objs.filter((o) => o.hex === label)) {
        const si = m.sides.indexOf(obj.for);
        gTop.append(s("g", { class: "eobjective", "data-objective": label, "data-for": obj.for || "", "data-id": obj.id || "" },
          s("title", {}, obj.id ? `Objective ${obj.id}${obj.for ? `, held by ${title(obj.for)}` : ""}${obj.value != null ? `, ${obj.value} ${m.objectives.value_label || ""}` : ""}` : `Objective for ${title(obj.for)}`),
          s("circle", { cx: hx.x + geo.size * 0.45, cy: hx.y + geo.size * 0.3, r: 7, fill: "#fff", stroke: SIDE_COLORS[si] || "#333", "stroke-width": 3 }),
          s("text", { x: hx.x + geo.size * 0.45, y: hx.y + geo.size * 0.3 + 3.5, class: "markertext" },
            m.objectives.style === "named" ? String(obj.value ?? "?") : (obj.id || "★"))));
      }
    }
    for (const [k, feats] of Object.entries(this.data.map.hexsides || {})) {
      const [a, b] = k.toUpperCase().split("/");
      if (!this.centre[a] || !this.centre[b] || !feats.length) continue;
      const [ax, ay] = this.centre[a];
      const [bx, by] = this.centre[b];
      const mx = (ax + bx) / 2;
      const my = (ay + by) / 2;
      const n = Math.hypot(bx - ax, by - ay) || 1;
      const px = (-(by - ay) / n) * geo.size / 2;
      const py = ((bx - ax) / n) * geo.size / 2;
      gSides.append(s("line", { class: `ehexside ${feats.join(" ")}`, "data-side": `${a}/${b}`, "data-features": feats.join(" "),
        x1: mx - px, y1: my - py, x2: mx + px, y2: my + py },
      s("title", {}, `${a}/${b}: ${feats.join(", ")}`)));
    }
    for (const r of roadSteps(this.data.map)) {  // centre to centre, as drawn in play
      if (!this.centre[r.a] || !this.centre[r.b]) continue;
      const [[x1, y1], [x2, y2]] = [this.centre[r.a], this.centre[r.b]];
      gSides.append(s("line", { class: `eroad ${r.kind}`, "data-road": `${r.a}/${r.b}`, "data-kind": r.kind, x1, y1, x2, y2 },
        s("title", {}, `${title(r.kind)} ${r.a} to ${r.b}`)));
    }
    svg.append(gHex, gSides, gTop);
    svg.addEventListener("pointerup", () => { this.painting = false; });
    svg.addEventListener("pointerleave", () => { this.painting = false; });
    const counts = m.sides.map((sd) => `${title(sd)}: ${plural(unitsOf(m, this.data, sd).length, "unit")}`).join(" · ");
    clear(this.mapBox).append(svg, h("p", { class: "muted", "data-testid": "ed-counts" }, counts,
      ` · ${plural(objs.length, "objective")}`));
    for (const a of m.areas) {
      const list = this.areaInputs[`${a.tool}-list`];
      if (list) clear(list).append(...Object.keys(this.sets[a.tool] || {}).map((n) => h("option", { value: n })));
    }
  }

  click(label, point) {
    const before = JSON.stringify(this.data);
    if (this.apply(label, point)) {
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
    await this.load(JSON.parse(last));  // the map's geometry and named sets come from the server again
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
