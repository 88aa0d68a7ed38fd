// Zoom and pan of the map: the wheel or the +/− buttons zoom, dragging pans. The view (a part
// of the map's viewBox) survives redraws; a drag is never taken for a click on a hex.
const DRAG = 6;

export class MapView {
  constructor() {
    this.box = null;   // [x, y, w, h] shown, null: the whole map
    this.full = null;
    this.svg = null;
    this.dragged = false;
  }

  attach(svg, viewbox) {
    this.svg = svg;
    const key = viewbox.join(" ");
    if (!this.full || this.full.join(" ") !== key) { this.full = viewbox.slice(); this.box = null; }
    this.apply();
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, this.point(e));
    }, { passive: false });
    let start = null;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      start = { x: e.clientX, y: e.clientY, box: (this.box || this.full).slice(), moved: false };
      this.dragged = false;
    });
    svg.addEventListener("pointermove", (e) => {
      if (!start) return;
      const dx = e.clientX - start.x, dy = e.clientY - start.y;
      if (!start.moved && Math.hypot(dx, dy) < DRAG) return;
      if (!this.box) return; // the whole map is shown: nothing to pan
      start.moved = true;
      this.dragged = true;
      const scale = start.box[2] / svg.clientWidth;
      this.box = this.clamp([start.box[0] - dx * scale, start.box[1] - dy * scale, start.box[2], start.box[3]]);
      this.apply();
    });
    const end = () => {
      if (start && start.moved) setTimeout(() => { this.dragged = false; }, 0);
      start = null;
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointerleave", end);
  }

  point(e) {
    const r = this.svg.getBoundingClientRect();
    const b = this.box || this.full;
    const sx = b[2] / r.width, sy = b[3] / r.height, s = Math.max(sx, sy);
    const ox = b[0] + (b[2] - r.width * s) / 2, oy = b[1] + (b[3] - r.height * s) / 2;
    return [ox + (e.clientX - r.left) * s, oy + (e.clientY - r.top) * s];
  }

  zoom(k, at = null) {
    const b = this.box || this.full;
    const [cx, cy] = at || [b[0] + b[2] / 2, b[1] + b[3] / 2];
    const w = Math.min(this.full[2], Math.max(this.full[2] / 6, b[2] / k));
    const hh = w * (this.full[3] / this.full[2]);
    const fx = (cx - b[0]) / b[2], fy = (cy - b[1]) / b[3];
    this.box = w >= this.full[2] ? null : this.clamp([cx - fx * w, cy - fy * hh, w, hh]);
    this.apply();
  }

  clamp([x, y, w, hh]) {
    const [fx, fy, fw, fh] = this.full;
    return [Math.min(Math.max(x, fx), fx + fw - w), Math.min(Math.max(y, fy), fy + fh - hh), w, hh];
  }

  reset() { this.box = null; this.apply(); }

  apply() {
    if (this.svg) this.svg.setAttribute("viewBox", (this.box || this.full).join(" "));
  }
}
