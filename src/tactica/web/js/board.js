// The map in SVG: terrain, hexsides, roads, levels, labels; counters, stacks and markers; the
// legal targets of the current prompt highlighted. Draws what the drawing says, nothing more.
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

export function hexKey(label) { return `hex:${label}`; }
export function unitKey(id) { return `unit:${id}`; }

function hashColor(name) {
  let x = 0;
  for (const ch of name) x = (x * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${x % 360} 30% 78%)`;
}

export function drawBoard(svg, map, table, ui) {
  clear(svg);
  svg.setAttribute("viewBox", map.viewbox.join(" "));
  const styles = (table.terrain && table.terrain.styles) || {};
  const changes = (table.terrain && table.terrain.changes) || {};
  const defs = s("defs");
  for (const [name, make] of Object.entries(PATTERNS)) {
    defs.append(s("pattern", { id: `pat-${name}`, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, make()));
  }
  svg.append(defs);
  const byHex = new Map(map.hexes.map((x) => [x.id, x]));
  const gHex = s("g", { class: "hexes" });
  const gOver = s("g", { class: "overlays" });
  for (const hx of map.hexes) {
    const terr = changes[hx.id] || hx.terrain;
    const main = terr[0] || "";
    const st = styles[main] || {};
    const pts = hx.corners.map((p) => p.join(",")).join(" ");
    const title = [hx.id, ...terr.map((t) => (styles[t] && styles[t].label) || t)].join(" · ")
      + (hx.level ? ` · level ${hx.level}` : "") + (hx.half ? " · half hex (off the playing area)" : "");
    const g = s("g", { class: "hex" + (hx.half ? " half" : ""), "data-hex": hx.id },
      s("title", {}, title),
      s("polygon", { points: pts, fill: st.fill || (main ? hashColor(main) : "#eee"), class: "terrain" }),
      st.pattern && PATTERNS[st.pattern] ? s("polygon", { points: pts, fill: `url(#pat-${st.pattern})`, class: "pattern" }) : null,
      hx.level ? s("polygon", { points: pts, fill: `rgba(90,60,20,${Math.min(0.12 * hx.level, 0.45)})`, class: "level" }) : null,
      s("polygon", { points: pts, class: "outline" }),
      s("text", { x: hx.x, y: hx.y - map.size * 0.62, class: "hexlabel" }, hx.id),
      main && main !== "clear" && st.label ? s("text", { x: hx.x, y: hx.y + map.size * 0.78, class: "terrlabel" }, st.label) : null,
      hx.level ? s("text", { x: hx.x + map.size * 0.55, y: hx.y + 4, class: "levellabel" }, `L${hx.level}`) : null);
    g.addEventListener("click", (e) => ui.onPick({ hex: hx.id }, e));
    gHex.append(g);
    const key = hexKey(hx.id);
    if (ui.highlight.has(key)) gOver.append(s("polygon", { points: pts, class: "target", "data-target": key }));
    if (ui.selected.has(key)) gOver.append(s("polygon", { points: pts, class: "selected-hex" }));
    if (ui.los && ui.los.hexes.has(hx.id)) gOver.append(s("polygon", { points: pts, class: ui.los.blocked.has(hx.id) ? "los-block" : "los-path" }));
  }
  svg.append(gHex);
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
  svg.append(gRoads, gOver);

  const sides = table.sides || [];

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
      const off = (arr.length - i) * 4;
      g.append(counter(p, hx.x - off, hx.y - off, sides, ui, true));
    });
    g.append(counter(top, hx.x, hx.y, sides, ui, false));
    if (list.length > 1) {
      g.append(s("g", { class: "stackcount" }, s("circle", { cx: hx.x + 22, cy: hx.y - 22, r: 9 }),
        s("text", { x: hx.x + 22, y: hx.y - 18 }, String(list.length))));
    }
    g.addEventListener("click", (e) => {
      e.stopPropagation();
      if (list.length > 1) ui.onStack(list, e);
      else ui.onPick({ unit: top.id, hex: hexId }, e);
    });
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
      s("circle", { cx: hx.x - map.size * 0.62, cy: hx.y - map.size * 0.42, r: 8, fill: "#fff", stroke: color, "stroke-width": 2 }),
      s("text", { x: hx.x - map.size * 0.62, y: hx.y - map.size * 0.42 + 4, fill: color, class: "markertext" }, m.label || "•")));
  }
  svg.append(gMarks);
  if (ui.los && ui.los.line) {
    const [a, b] = ui.los.line.map((id) => byHex.get(id));
    if (a && b) svg.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: ui.los.clear ? "los-line clear" : "los-line blocked" }));
  }
}

export function counter(p, x, y, sides, ui, under) {
  const side = sides[p.side] || { color: "#666", text: "#fff" };
  const size = 46;
  const key = unitKey(p.id);
  const cls = ["counter", p.face === "broken" ? "broken" : "", ui.highlight.has(key) ? "target" : "",
    ui.selected.has(key) ? "selected" : "", under ? "under" : ""].join(" ");
  const main = (p.values || []).find((v) => v.main) || (p.values || [])[0];
  const rest = (p.values || []).filter((v) => v !== main);
  const tip = [p.name || p.id, ...(p.values || []).map((v) => `${v.label}: ${v.value}`),
    ...(p.flags || []), p.face === "broken" ? "broken side" : ""].filter(Boolean).join("\n");
  const g = s("g", { class: cls, "data-unit": p.id, transform: `translate(${x - size / 2},${y - size / 2})` },
    s("title", {}, tip),
    s("rect", { width: size, height: size, rx: 5, fill: side.color, class: "face" }),
    p.face === "broken" ? s("path", { d: `M0,${size * 0.7} L${size * 0.7},0 L${size},0 L${size},${size * 0.05} L${size * 0.05},${size} L0,${size} Z`, class: "brokenband" }) : null,
    s("text", { x: size / 2, y: 11, fill: side.text, class: "clabel" }, p.label || p.id),
    main ? s("text", { x: size / 2, y: 31, fill: side.text, class: "cmain" }, String(main.value)) : null,
    s("text", { x: size / 2, y: 43, fill: side.text, class: "cvalues" }, rest.map((v) => v.value).join("-")),
    s("text", { x: 3, y: 31, fill: side.text, class: "cid" }, p.id));
  (p.flags || []).forEach((f, i) => {
    g.append(s("g", { class: `flag flag-${f}` }, s("title", {}, f),
      s("circle", { cx: size - 5, cy: 18 + i * 8, r: 3.5 })));
  });
  return g;
}

export function stackPopover(list, sides, ui, onPick) {
  const box = h("div", { class: "popover", "data-testid": "stack" }, h("div", { class: "muted" }, "Stack: pick a piece"));
  for (const p of list) {
    const svg = s("svg", { viewBox: "-2 -2 50 50", width: 56, height: 56 });
    svg.append(counter(p, 23, 23, sides, ui, false));
    box.append(h("button", { class: "stackpiece", "data-unit": p.id, onclick: () => onPick(p) }, svg,
      h("span", {}, p.name || p.id)));
  }
  return box;
}
