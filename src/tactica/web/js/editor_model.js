// The scenario editor's operations on a draft (docs/editor.md), for any module: the draft is the
// plain data of the module's scenario file, and the module's description (GET /api/editor/modules)
// says where things live in it: its units on hexes (`units.at`), objectives, named sets of hexes
// (sections, set-up zones, buildings), and the parameters form. Nothing here knows a module.

// ------------------------------------------------------------------ paths ("{side}" stands for a side)
const key = (k, side) => k.replace("{side}", side);

export function getAt(data, at, side = "") {
  let node = data;
  for (const k of at) {
    if (node === null || typeof node !== "object") return undefined;
    node = node[key(k, side)];
  }
  return node;
}

// Set the value at a path, making the mappings on the way; undefined or null deletes the key.
export function setAt(data, at, side, value) {
  let node = data;
  for (const k of at.slice(0, -1)) {
    const kk = key(k, side);
    if (node[kk] === null || typeof node[kk] !== "object") node[kk] = {};
    node = node[kk];
  }
  const last = key(at[at.length - 1], side);
  if (value === undefined || value === null) delete node[last];
  else node[last] = value;
}

export const pathName = (at, side = "") => at.map((k) => key(k, side)).join(".");

// ------------------------------------------------------------------ hexes of the map
export function hexEntry(map, label) {
  const hexes = map.hexes || {};
  const k = Object.keys(hexes).find((x) => x.toUpperCase() === label);
  return [k || label, k ? hexes[k] : undefined];
}

// A hex as {terrain, elevation, half} (the map's defaults filled in).
export function hexInfo(map, label) {
  const [, e] = hexEntry(map, label);
  const def = map.defaults || {};
  const obj = Array.isArray(e) ? { terrain: e } : (e || {});
  return { terrain: obj.terrain || def.terrain || [], elevation: obj.elevation ?? def.elevation ?? 0,
    half: Boolean(obj.half) };
}

// Write a hex back in the shortest form the map format allows (nothing when it is the default).
export function setHex(map, label, { terrain, elevation, half }) {
  const [k] = hexEntry(map, label);
  map.hexes = map.hexes || {};
  const def = map.defaults || {};
  const dt = def.terrain || [];
  const plainTerrain = terrain.length === dt.length && terrain.every((t, i) => t === dt[i]);
  const plainLevel = (elevation ?? 0) === (def.elevation ?? 0);
  const e = {};
  if (!plainTerrain) e.terrain = terrain.slice();
  if (!plainLevel) e.elevation = elevation;
  if (half) e.half = true;
  if (!Object.keys(e).length) delete map.hexes[k];
  else if (Object.keys(e).length === 1 && e.terrain) map.hexes[k] = e.terrain;
  else map.hexes[k] = e;
}

// ------------------------------------------------------------------ hexsides
// The key of the side between two hexes as the map names it ("D3/E4", in either order).
export function sideKey(map, a, b) {
  const sides = map.hexsides || {};
  const found = Object.keys(sides).find((k) => {
    const [x, y] = k.toUpperCase().split("/");
    return (x === a && y === b) || (x === b && y === a);
  });
  return found || `${a}/${b}`;
}

export function toggleHexside(map, a, b, feature) {
  map.hexsides = map.hexsides || {};
  const k = sideKey(map, a, b);
  const now = new Set(map.hexsides[k] || []);
  if (now.has(feature)) now.delete(feature); else now.add(feature);
  if (now.size) map.hexsides[k] = [...now]; else delete map.hexsides[k];
}

// ------------------------------------------------------------------ units on hexes
// A side's units as [{<kind>: id, hex, ...}]: the list at `units.at`, or, when the file maps each
// unit to its hex (`units.style` "mapping": Combat Infantry's `setup: {side: {block: hex}}`, each
// block of the label sheet placed once), that mapping read as such a list.
const byMapping = (mod) => mod.units.style === "mapping";

export function unitsOf(mod, data, side) {
  const at = getAt(data, mod.units.at, side);
  if (byMapping(mod)) {
    return Object.entries(at && typeof at === "object" ? at : {}).map(([id, hex]) => ({ [mod.units.kind]: id, hex }));
  }
  return at || [];
}

export function unitsAt(mod, data, label) {
  const out = [];
  for (const side of mod.sides) {
    unitsOf(mod, data, side).forEach((u, i) => { if (String(u.hex).toUpperCase() === label) out.push([side, i, u]); });
  }
  return out;
}

export function palette(mod, data, side) {
  const p = mod.units.palette;
  if (mod.units.palette_per_side) return p[side] || [];
  if (!mod.units.palette_by) return p["*"] || [];
  return p[getAt(data, mod.units.palette_by, side)] || [];
}

function newUnitId(mod, data, side) {
  const prefix = (mod.units.ids && mod.units.ids[side]) || side[0];
  const used = new Set(mod.sides.flatMap((sd) => unitsOf(mod, data, sd).map((u) => u.id)));
  let n = 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

// Take the i-th unit of a side's units off.
function dropUnit(mod, data, side, i) {
  if (!byMapping(mod)) { unitsOf(mod, data, side).splice(i, 1); return; }
  const u = unitsOf(mod, data, side)[i];
  delete getAt(data, mod.units.at, side)[u[mod.units.kind]];
}

// The Place unit tool. A unit placed once (mapping style) moves to the clicked hex, or goes when
// clicked where it stands. Without stacking (one unit a hex) a unit of the chosen side clicked
// again goes and any other is replaced; with stacking the unit joins the hex's stack.
export function placeUnit(mod, data, label, side, kind, extra) {
  if (byMapping(mod)) {
    const at = getAt(data, mod.units.at, side);
    const m = at && typeof at === "object" ? at : {};
    if (String(m[kind] || "").toUpperCase() === label) delete m[kind]; else m[kind] = label;
    setAt(data, mod.units.at, side, m);
    return;
  }
  const list = unitsOf(mod, data, side);
  if (!getAt(data, mod.units.at, side)) setAt(data, mod.units.at, side, list);
  if (!mod.units.stack) {
    const at = unitsAt(mod, data, label)[0];
    if (at) unitsOf(mod, data, at[0]).splice(at[1], 1);
    if (at && at[0] === side) return;
  }
  const u = mod.units.ids ? { id: newUnitId(mod, data, side) } : {};
  u[mod.units.kind] = kind;
  u.hex = label;
  Object.assign(u, extra);
  list.push(u);
}

// The Remove tool: the hex's last unit, else its marker, else its objective.
export function removeAt(mod, data, label) {
  const here = unitsAt(mod, data, label);
  if (here.length) {
    const [side, i] = here[here.length - 1];
    dropUnit(mod, data, side, i);
    return true;
  }
  if (mod.markers && markerAt(mod, data, label)) return toggleMarker(mod, data, label, null);
  return toggleObjective(mod, data, label, null, true);
}

// ------------------------------------------------------------------ markers on hexes
// (Combat Commander's Fortifications: a list of {hex, <key>}, one a hex)
export function markerAt(mod, data, label) {
  return (getAt(data, mod.markers.at) || []).find((x) => String(x.hex).toUpperCase() === label);
}

// The marker tool: the chosen kind on the hex; the same kind clicked again (or kind null) goes.
export function toggleMarker(mod, data, label, kind) {
  const m = mod.markers;
  const list = (getAt(data, m.at) || []).filter((x) => String(x.hex).toUpperCase() !== label);
  const old = markerAt(mod, data, label);
  if (kind && !(old && old[m.key] === kind)) list.push({ hex: label, [m.key]: kind });
  setAt(data, m.at, "", list.length ? list : undefined);
  return true;
}

// ------------------------------------------------------------------ objectives
// [{hex, id, for, value}] whatever the style: a list of {hex, for} (The Great War), numbered
// hexes of the map with their initial controller elsewhere (Combat Commander), or named hexes of
// the map with a value elsewhere (Combat Infantry: `map.objectives` name -> hex, `objectives`
// name -> VP).
export function objectives(mod, data) {
  const o = mod.objectives;
  if (o.style === "list") return (getAt(data, o.at) || []).map((x) => ({ hex: String(x.hex).toUpperCase(), id: null, for: x.for }));
  const m = getAt(data, o.at) || {};
  return Object.entries(m).map(([id, hex]) => ({ hex: String(hex).toUpperCase(), id,
    for: o.control ? (getAt(data, [...o.control, id]) ?? null) : null,
    value: o.values ? (getAt(data, [...o.values, id]) ?? null) : null }));
}

// The Objective tool: a list objective toggles for the chosen side; a numbered or named one
// moves to the hex (clicked again there: taken off), a named one with its value. ``remove`` only
// takes off.
export function toggleObjective(mod, data, label, choice, remove = false, value = null) {
  const o = mod.objectives;
  if (o.style === "list") {
    const list = getAt(data, o.at) || [];
    const i = list.findIndex((x) => String(x.hex).toUpperCase() === label);
    if (i >= 0) { list.splice(i, 1); return true; }
    if (remove) return false;
    list.push({ hex: label, for: choice });
    setAt(data, o.at, "", list);
    return true;
  }
  const m = getAt(data, o.at) || {};
  const values = o.values ? { ...(getAt(data, o.values) || {}) } : null;
  const here = Object.keys(m).filter((id) => String(m[id]).toUpperCase() === label);
  const drop = (id) => { delete m[id]; if (values) delete values[id]; };
  if (remove || here.includes(choice)) {
    if (!here.length) return false;
    for (const id of remove ? here : [choice]) drop(id);
  } else {
    for (const id of here) drop(id);  // one objective a hex
    m[choice] = label;
    if (values) values[choice] = value;
  }
  setAt(data, o.at, "", m);
  if (values) setAt(data, o.values, "", values);
  return true;
}

// ------------------------------------------------------------------ named sets of hexes
// An area (sections, set-up zones, buildings, a side's set-up areas or wire): name -> labels,
// taken from the map preview when the map format allows ranges there (its hexes expanded), else
// from the draft. With `item` the hexes are a field of each name's entry (Combat Infantry's
// `deploy: {side: {areas: [hexes], blocks}}`).
export function areaSets(area, data, geo) {
  if (area.item) {
    return Object.fromEntries(area.names.map((n) => [n, (getAt(data, [...area.at, n, ...area.item]) || []).map((x) => String(x).toUpperCase())]));
  }
  const fromGeo = { "map.sections": "sections", "map.zones": "zones" }[area.at.join(".")];
  if (fromGeo && geo[fromGeo]) return JSON.parse(JSON.stringify(geo[fromGeo]));
  return JSON.parse(JSON.stringify(getAt(data, area.at) || {}));
}

// Toggle a hex in the named set; the set is then written out hex by hex, in map order. An
// emptied set goes (with its edge), unless the module has fixed names.
export function toggleArea(area, data, sets, order, name, label, edge) {
  const inside = new Set(sets[name] || []);
  if (inside.has(label)) inside.delete(label); else inside.add(label);
  sets[name] = order.filter((x) => inside.has(x));
  if (area.item) {
    setAt(data, [...area.at, name, ...area.item], "", sets[name].slice());
    return;
  }
  const all = { ...(getAt(data, area.at) || {}) };
  if (sets[name].length || area.names) all[name] = sets[name].slice();
  else delete all[name];
  setAt(data, area.at, "", all);
  if (area.edges) {
    const edges = { ...(getAt(data, area.edges) || {}) };
    if (sets[name].length) edges[name] = edge; else delete edges[name];
    setAt(data, area.edges, "", edges);
  }
}

// ------------------------------------------------------------------ roads
// A road (trail, railway) is a path of adjacent hexes run centre to centre, each step crossing
// the hexside between two hexes (map-format.md): a list of labels or {kind, path}.
const roadOf = (r) => (Array.isArray(r) ? { kind: "road", path: r } : { kind: r.kind || "road", path: r.path || [] });
const up = (x) => String(x).toUpperCase();

// Every step of every road: [{kind, a, b}].
export function roadSteps(map) {
  const out = [];
  for (const r of map.roads || []) {
    const { kind, path } = roadOf(r);
    for (let i = 1; i < path.length; i += 1) out.push({ kind, a: up(path[i - 1]), b: up(path[i]) });
  }
  return out;
}

// The Road tool: the step between neighbours a and b on a road of `kind` (again: taken off, the
// path cut there). A new step extends a path of that kind ending in a or b, else starts one.
// Entries not touched keep their form.
export function toggleRoad(map, a, b, kind) {
  const roads = (map.roads || []).slice();
  const put = (k, path) => {
    const parts = path.filter((p) => p.length > 1)
      .map((p) => (Array.isArray(roads[k]) && kind === "road" ? p : { ...(Array.isArray(roads[k]) ? {} : roads[k]), kind, path: p }));
    return parts;
  };
  for (let k = 0; k < roads.length; k += 1) {
    const r = roadOf(roads[k]);
    if (r.kind !== kind) continue;
    const path = r.path.map(up);
    for (let i = 1; i < path.length; i += 1) {
      if ((path[i - 1] === a && path[i] === b) || (path[i - 1] === b && path[i] === a)) {
        roads.splice(k, 1, ...put(k, [path.slice(0, i), path.slice(i)]));
        if (roads.length) map.roads = roads; else delete map.roads;
        return true;
      }
    }
  }
  for (let k = 0; k < roads.length; k += 1) {
    const r = roadOf(roads[k]);
    const path = r.path.map(up);
    if (r.kind !== kind || (path.includes(a) && path.includes(b))) continue;
    const last = path[path.length - 1];
    let grown = null;
    if (last === a || last === b) grown = [...path, last === a ? b : a];
    else if (path[0] === a || path[0] === b) grown = [path[0] === a ? b : a, ...path];
    if (grown) { roads.splice(k, 1, ...put(k, [grown])); map.roads = roads; return true; }
  }
  roads.push({ kind, path: [a, b] });
  map.roads = roads;
  return true;
}
