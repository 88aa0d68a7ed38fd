// The map in SVG: terrain, hexsides, roads, levels, zones (sections, baselines, set-up areas);
// counters, stacks and markers; the legal targets of the current prompt highlighted and
// reachable by keyboard; the last moves (paths, firer to target, hexes hit). Draws what the
// drawing says, nothing more. A map may be turned to face its player (rotateMap): positions
// turn, text stays upright.
import { s, h, clear } from "./dom.js";

const PATTERNS = {
  hatch: () => s("path", { d: "M0,8 L8,0", stroke: "#0005", "stroke-width": 1.2 }),
  dots: () => s("circle", { cx: 4, cy: 4, r: 1.3, fill: "#0004" }),
  cross: () => s("path", { d: "M1,1 L7,7 M7,1 L1,7", stroke: "#3338", "stroke-width": 1 }),
  zigzag: () => s("path", { d: "M0,6 L2,2 L4,6 L6,2 L8,6", fill: "none", stroke: "#5a3d1c99", "stroke-width": 1.2 }),
  waves: () => s("path", { d: "M0,4 Q2,1 4,4 T8,4", fill: "none", stroke: "#fff9", "stroke-width": 1 }),
  block: () => s("rect", { x: 1, y: 1, width: 4, height: 4, fill: "#5a2e1a66" }),
};
const SIDE_FEATURES = { wall: "#6b6b6b", hedge: "#3f6b2f", stream: "#3d7fbf", fence: "#8b6b3f", cliff: "#4b3b2b" };
export const FLAG_COLORS = {
  ordered: "#ffd23f", moved: "#6ec1ff", battled: "#ff6b4a", bomber: "#222222", bogged: "#7b4b20",
  ditched: "#7b4b20", suppressed: "#f08a24", veteran: "#2e9e4f", "op fired": "#b04fc7", activated: "#ffd23f",
  ordnance: "#555555",
};
const COUNTER = 38;

export function hexKey(label) { return `hex:${label}`; }
export function unitKey(id) { return `unit:${id}`; }

function hashColor(name) {
  let x = 0;
  for (const ch of name) x = (x * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${x % 360} 30% 78%)`;
}

// The same map turned half a circle about its centre (a seat's own baseline at the bottom).
const rotated = new WeakMap();
export function rotateMap(map) {
  if (rotated.has(map)) return rotated.get(map);
  const [vx, vy, vw, vh] = map.viewbox;
  const cx = vx + vw / 2, cy = vy + vh / 2;
  const p = ([x, y]) => [2 * cx - x, 2 * cy - y];
  const out = {
    ...map,
    hexes: map.hexes.map((hx) => ({ ...hx, x: 2 * cx - hx.x, y: 2 * cy - hx.y, corners: hx.corners.map(p) })),
    hexsides: map.hexsides.map((sd) => ({ ...sd, line: sd.line.map(p) })),
    roads: map.roads.map((r) => ({ ...r, line: r.line.map(p) })),
  };
  rotated.set(map, out);
  return out;
}

// Keyboard and screen readers: a pickable element is a focusable button.
function pickable(el, label, act) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(e); }
  });
}

// The outline of a set of hexes: the hex edges with a hex of the set on one side only.
function outline(map, ids) {
  const inside = new Set(ids);
  const edges = new Map();
  const key = (a, b) => [a, b].map((q) => q.map((v) => Math.round(v)).join(",")).sort().join("|");
  for (const hx of map.hexes) {
    const c = hx.corners;
    for (let i = 0; i < c.length; i++) {
      const a = c[i], b = c[(i + 1) % c.length];
      const k = key(a, b);
      const e = edges.get(k) || { a, b, in: 0, out: 0 };
      if (inside.has(hx.id)) e.in += 1; else e.out += 1;
      edges.set(k, e);
    }
  }
  return [...edges.values()].filter((e) => e.in === 1).map((e) => `M${e.a[0]},${e.a[1]} L${e.b[0]},${e.b[1]}`).join(" ");
}

function centre(map, ids) {
  const pts = map.hexes.filter((x) => ids.includes(x.id));
  if (!pts.length) return null;
  return [pts.reduce((a, x) => a + x.x, 0) / pts.length, pts.reduce((a, x) => a + x.y, 0) / pts.length];
}

export function drawBoard(svg, map, table, ui) {
  clear(svg);
  svg.setAttribute("viewBox", map.viewbox.join(" "));
  const styles = (table.terrain && table.terrain.styles) || {};
  const changes = (table.terrain && table.terrain.changes) || {};
  const sides = table.sides || [];
  const named = ui.named || ((x) => x);
  const defs = s("defs");
  for (const [name, make] of Object.entries(PATTERNS)) {
    defs.append(s("pattern", { id: `pat-${name}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, make()));
  }
  for (const [id, color] of [["shot", "#c81e1e"], ["move", "#0b5fa5"]]) {
    defs.append(s("marker", { id: `arrow-${id}`, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
      s("path", { d: "M0,0 L10,5 L0,10 z", fill: color })));
  }
  svg.append(defs);
  const byHex = new Map(map.hexes.map((x) => [x.id, x]));
  const gHex = s("g", { class: "hexes" });
  const gOver = s("g", { class: "overlays" });
  const gLabels = s("g", { class: "hexlabels", "aria-hidden": "true" });
  for (const hx of map.hexes) {
    const terr = changes[hx.id] || hx.terrain;
    const main = terr[0] || "";
    const st = styles[main] || {};
    const pts = hx.corners.map((p) => p.join(",")).join(" ");
    const words = terr.map((t) => (styles[t] && styles[t].label) || t).filter(Boolean);
    const title = [`hex ${hx.id}`, ...words].join(", ")
      + (hx.level ? `, level ${hx.level}` : "") + (hx.half ? ", half hex (off the playing area)" : "");
    const g = s("g", { class: "hex" + (hx.half ? " half" : ""), "data-hex": hx.id },
      s("title", {}, title),
      s("polygon", { points: pts, fill: st.fill || (main ? hashColor(main) : "#eee"), class: "terrain" }),
      st.pattern && PATTERNS[st.pattern] ? s("polygon", { points: pts, fill: `url(#pat-${st.pattern})`, class: "pattern" }) : null,
      hx.level ? s("polygon", { points: pts, fill: `rgba(90,60,20,${Math.min(0.12 * hx.level, 0.45)})`, class: "level" }) : null,
      s("polygon", { points: pts, class: "outline" }),
      main && main !== "clear" && st.label ? s("text", { x: hx.x, y: hx.y + map.size * 0.58, class: "terrlabel" }, st.label) : null,
      hx.level ? s("text", { x: hx.x + map.size * 0.5, y: hx.y + 4, class: "levellabel" }, `L${hx.level}`) : null);
    const act = (e) => ui.onPick({ hex: hx.id }, e);
    g.addEventListener("click", act);
    gHex.append(g);
    gLabels.append(s("text", { x: hx.x, y: hx.y - map.size * 0.66, class: "hexlabel" }, hx.id));
    const key = hexKey(hx.id);
    if (ui.highlight.has(key)) {
      gOver.append(s("polygon", { points: pts, class: "target", "data-target": key }));
      pickable(g, `${named(title)}: pick`, act);
    }
    if (ui.selected.has(key)) gOver.append(s("polygon", { points: pts, class: "selected-hex" }));
    if (ui.los && ui.los.hexes.has(hx.id)) gOver.append(s("polygon", { points: pts, class: ui.los.blocked.has(hx.id) ? "los-block" : "los-path" }));
    if (ui.trail && ui.trail.hexes.has(hx.id)) gOver.append(s("polygon", { points: pts, class: "lastmove-hex", "data-lastmove": hx.id }));
  }
  svg.append(gHex);
  const gZones = s("g", { class: "zones" });
  for (const z of table.zones || []) {
    const color = z.side !== undefined && z.side !== null && sides[z.side] ? sides[z.side].color : "#333";
    gZones.append(s("path", { d: outline(map, z.hexes), class: `zone zone-${z.kind || "area"}`, stroke: color, "data-zone": z.id || z.label },
      s("title", {}, z.title || z.label)));
    const c = centre(map, z.hexes);
    if (c && z.label && z.kind !== "baseline") {
      gZones.append(s("text", { x: c[0], y: c[1], class: `zonelabel zonelabel-${z.kind || "area"}`, fill: color }, z.label));
    }
  }
  const gSides = s("g", { class: "hexsides" });
  for (const side of map.hexsides) {
    const f = side.features[0];
    const [[x1, y1], [x2, y2]] = side.line;
    gSides.append(s("line", { x1, y1, x2, y2, stroke: SIDE_FEATURES[f] || "#7a5230", class: "hexside" },
      s("title", {}, `${side.a}/${side.b}: ${side.features.join(", ")}`)));
  }
  svg.append(gSides);
  const gRoads = s("g", { class: "roads" });
  for (const r of map.roads) {
    const [[x1, y1], [x2, y2]] = r.line;
    gRoads.append(s("line", { x1, y1, x2, y2, class: `road road-${r.kind}` }));
  }
  svg.append(gRoads, gZones, gOver);

  const stacks = new Map();
  for (const p of table.pieces || []) {
    if (!stacks.has(p.hex)) stacks.set(p.hex, []);
    stacks.get(p.hex).push(p);
  }
  const gPieces = s("g", { class: "pieces" });
  for (const [hexId, list] of stacks) {
    const hx = byHex.get(hexId);
    if (!hx) continue;
    const top = list[list.length - 1];
    const g = s("g", { class: "stack", "data-stack": hexId });
    list.slice(0, -1).slice(-3).forEach((p, i, arr) => {
      const off = (arr.length - i) * 3;
      g.append(counter(p, hx.x - off, hx.y - off, sides, ui, true));
    });
    g.append(counter(top, hx.x, hx.y, sides, ui, false));
    if (list.length > 1) {
      g.append(s("g", { class: "stackcount" }, s("circle", { cx: hx.x + 18, cy: hx.y - 18, r: 8 }),
        s("text", { x: hx.x + 18, y: hx.y - 14 }, String(list.length))));
    }
    const act = (e) => {
      e.stopPropagation();
      if (list.length > 1) ui.onStack(list, e);
      else ui.onPick({ unit: top.id, hex: hexId }, e);
    };
    g.addEventListener("click", act);
    if (list.some((p) => ui.highlight.has(unitKey(p.id)))) {
      pickable(g, `${list.map((p) => p.name || p.id).join(", ")} in ${hexId}: pick`, act);
    }
    gPieces.append(g);
  }
  svg.append(gPieces);
  const gMarks = s("g", { class: "markers" });
  for (const m of table.markers || []) {
    const hx = byHex.get(m.hex);
    if (!hx) continue;
    const color = m.side !== undefined && sides[m.side] ? sides[m.side].color : "#333";
    gMarks.append(s("g", { class: `marker marker-${m.kind || "x"}` },
      s("title", {}, m.title || m.label),
      s("circle", { cx: hx.x - map.size * 0.55, cy: hx.y - map.size * 0.38, r: 8, fill: "#fff", stroke: color, "stroke-width": 2 }),
      s("text", { x: hx.x - map.size * 0.55, y: hx.y - map.size * 0.38 + 4, fill: color, class: "markertext" }, m.label || "•")));
  }
  svg.append(gMarks, gLabels);
  if (ui.trail) {
    const gTrail = s("g", { class: "lastmove", "data-testid": "lastmove" });
    const arrow = ([a, b], kind) => {
      const p = byHex.get(a), q = byHex.get(b);
      if (!p || !q || a === b) return;
      const dx = q.x - p.x, dy = q.y - p.y, n = Math.hypot(dx, dy) || 1;
      const cut = map.size * 0.45;
      gTrail.append(s("line", { x1: p.x + dx / n * cut * 0.4, y1: p.y + dy / n * cut * 0.4, x2: q.x - dx / n * cut, y2: q.y - dy / n * cut,
        class: `trail trail-${kind}`, "marker-end": `url(#arrow-${kind})`, "data-from": a, "data-to": b }));
    };
    ui.trail.moves.forEach((m) => arrow(m, "move"));
    ui.trail.shots.forEach((m) => arrow(m, "shot"));
    svg.append(gTrail);
  }
  if (ui.los && ui.los.line) {
    const [a, b] = ui.los.line.map((id) => byHex.get(id));
    if (a && b) svg.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: ui.los.clear ? "los-line clear" : "los-line blocked" }));
  }
}

export function counter(p, x, y, sides, ui, under) {
  const side = sides[p.side] || { color: "#666", text: "#fff" };
  const size = COUNTER;
  const key = unitKey(p.id);
  const cls = ["counter", p.face === "broken" ? "broken" : "", ui.highlight.has(key) ? "target" : "",
    ui.selected.has(key) ? "selected" : "", under ? "under" : "",
    ui.trail && ui.trail.units.has(p.id) ? "lastmove" : ""].join(" ");
  const main = (p.values || []).find((v) => v.main) || (p.values || [])[0];
  const rest = (p.values || []).filter((v) => v !== main);
  const tip = [p.name || p.id, ...(p.values || []).map((v) => `${v.label}: ${v.value}`),
    ...(p.flags || []), p.face === "broken" ? "broken side" : ""].filter(Boolean).join("\n");
  if (p.block) return blockPiece(p, x, y, side, cls, tip);
  const g = s("g", { class: cls, "data-unit": p.id, transform: `translate(${x - size / 2},${y - size / 2})` },
    s("title", {}, tip),
    s("rect", { width: size, height: size, rx: 4, fill: side.color, class: "face" }),
    p.face === "broken" ? s("path", { d: `M0,${size * 0.7} L${size * 0.7},0 L${size},0 L${size},${size * 0.05} L${size * 0.05},${size} L0,${size} Z`, class: "brokenband" }) : null,
    s("text", { x: size / 2, y: 9, fill: side.text, class: "clabel" }, p.label || p.id),
    main ? s("text", { x: size / 2, y: 25, fill: side.text, class: "cmain" }, String(main.value)) : null,
    s("text", { x: size / 2, y: 35, fill: side.text, class: "cvalues" }, rest.map((v) => v.value).join("-")));
  (p.flags || []).forEach((f, i) => {
    g.append(s("g", { class: "flag" }, s("title", {}, f),
      s("circle", { cx: size - 4, cy: 14 + i * 7, r: 3, fill: FLAG_COLORS[f] || "#fff" })));
  });
  return g;
}

// A block (Columbia-style block games): its label faces its owner, the other side sees its
// back. The label carries the strength on its edges, the current one on top: losing a step
// turns the label a quarter turn counter-clockwise (p.block.rotation degrees), so the turn
// itself shows the losses. A block lying face-down is drawn with a dashed edge, a face-up
// (revealed) one with a light rim.
function blockPiece(p, x, y, side, cls, tip) {
  const size = COUNTER;
  const b = p.block;
  const half = size / 2;
  const g = s("g", { class: `${cls} block block-${b.facing} block-${b.posture || "upright"}`, "data-unit": p.id,
    "data-facing": b.facing, "data-rotation": String(b.rotation || 0), "data-steps": b.steps === undefined ? "" : String(b.steps),
    transform: `translate(${x - half},${y - half})` },
    s("title", {}, tip),
    s("rect", { width: size, height: size, rx: 3, fill: side.color, class: "face" }));
  if (b.facing === "back") {
    g.append(s("rect", { x: 5, y: 5, width: size - 10, height: size - 10, rx: 2, class: "blockback" }));
  } else {
    const label = s("g", { class: "blocklabel", transform: `rotate(${-(b.rotation || 0)} ${half} ${half})` });
    const edge = (b.edges || []);
    // edges clockwise from the top: full strength on top, one less on the right, ...
    const at = [[half, 8, 0], [size - 4, half, 90], [half, size - 3, 180], [4, half, 270]];
    edge.slice(0, 4).forEach((v, i) => {
      const [ex, ey, turn] = at[i];
      label.append(s("text", { x: ex, y: ey, fill: side.text, class: "cedge", transform: `rotate(${turn} ${ex} ${ey})` }, String(v)));
    });
    label.append(s("text", { x: half, y: half - 1, fill: side.text, class: "clabel" }, p.label || p.id));
    if (b.main !== undefined) label.append(s("text", { x: half, y: half + 10, fill: side.text, class: "cvalues" }, b.main));
    g.append(label);
  }
  (p.flags || []).forEach((f, i) => {
    g.append(s("g", { class: "flag" }, s("title", {}, f),
      s("circle", { cx: size - 4, cy: 14 + i * 7, r: 3, fill: FLAG_COLORS[f] || "#fff" })));
  });
  return g;
}

export function stackPopover(list, sides, ui, onPick) {
  const box = h("div", { class: "popover", "data-testid": "stack", role: "menu" }, h("div", { class: "muted" }, "Stack: pick a piece"));
  for (const p of list) {
    const svg = s("svg", { viewBox: "-2 -2 42 42", width: 48, height: 48, "aria-hidden": "true" });
    svg.append(counter(p, 19, 19, sides, ui, false));
    box.append(h("button", { class: "stackpiece", "data-unit": p.id, role: "menuitem", onclick: () => onPick(p) }, svg,
      h("span", {}, p.name || p.id)));
  }
  return box;
}
