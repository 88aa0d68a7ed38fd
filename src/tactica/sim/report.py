"""``tactica report``: a balance report from one or more simulation files.

Runs are grouped by (game, scenario); each group gets its statistics (:mod:`tactica.sim.stats`),
a balance verdict with the number of games it rests on, plots (PNG, with matplotlib from the
``sim`` extra) and a section of one self-contained HTML page. ``report.json`` holds every figure.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tactica.sim.results import SimulationRun
from tactica.sim.stats import scenario_stats


def build_report(runs: Sequence[SimulationRun]) -> dict[str, Any]:
    groups: dict[tuple[str, str], list[SimulationRun]] = {}
    for r in runs:
        groups.setdefault((r.game, r.scenario), []).append(r)
    scenarios = []
    for (game, scenario), rs in sorted(groups.items()):
        games = [g for r in rs for g in r.games]
        seats = rs[0].seats or [f"seat {i}" for i in range(len(games[0].agents) if games else 0)]
        st = scenario_stats(games, seats)
        vp_by_seat = {seats[i]: [g.vp[i] for g in games if g.vp is not None] for i in range(len(seats))}
        scenarios.append({"game": game, "scenario": scenario, "seat_names": seats,
                          "runs": [{"agents": r.agents, "seed": r.seed, "games": len(r.games)} for r in rs],
                          **st, "_vp": vp_by_seat, "_decisions": [g.decisions for g in games],
                          "_turns": [g.turns for g in games if g.turns is not None]})
    return {"scenarios": scenarios}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ci(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{_pct(r['rate'])} [{_pct(lo)}, {_pct(hi)}]"


def text_summary(report: dict[str, Any]) -> str:
    lines = []
    for sc in report["scenarios"]:
        b = sc["balance"]
        lines.append(f"{sc['game']} / {sc['scenario']}: {sc['games']} games; verdict: {b['verdict']} "
                     f"(on {b['games']} games, {b['decisive']} decisive, {b['draws']} draws, "
                     f"{b['aborted']} aborted)")
        if b["note"]:
            lines.append(f"  note: {b['note']}")
        if not b["mirror"]:
            for a, st in sc["agents"].items():
                lines.append(f"  agent {a:<16} wins {_ci(st['win_rate'])}  draws {st['draws']}  "
                             f"score {_pct(st['score'])}")
        else:
            (a,) = sc["agents"] or {"-": None}
            lines.append(f"  agent {a} against itself: {sc['games']} games (seats below)")
        for s in sc["seats"]:
            vp = s["vp"]
            vps = f"  VP mean {vp['mean']:.2f}" if vp else ""
            lines.append(f"  seat {s['name']:<17} wins {_ci(s['win_rate'])}  "
                         f"of decisive {_ci(s['decisive_share'])}{vps}")
        d, t = sc["decisions"], sc["turns"]
        if d:
            lines.append(f"  decisions/game median {d['median']:.0f} "
                         f"(p10 {d['p10']:.0f}, p90 {d['p90']:.0f})")
        if t:
            lines.append(f"  turns/game median {t['median']:.0f} (p10 {t['p10']:.0f}, p90 {t['p90']:.0f})")
        if sc["reasons"]:
            lines.append("  endings: " + ", ".join(f"{k or '-'} {v}" for k, v in sc["reasons"].items()))
    return "\n".join(lines)


def plot_kinds(sc: dict[str, Any]) -> list[str]:
    """The plots one scenario has data for: win rates always, then decisions, turns and VP."""
    kinds = ["winrates"]
    kinds += [k for k, xs in (("decisions", sc["_decisions"]), ("turns", sc["_turns"])) if xs]
    if any(sc["_vp"].values()):
        kinds.append("vp")
    return kinds


def plot_png(sc: dict[str, Any], kind: str, dpi: int = 90) -> bytes:
    """One plot of a scenario (a kind of :func:`plot_kinds`) as PNG bytes; the same figures give
    the same bytes (no software version or date in the file). Needs matplotlib (ImportError)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if kind == "winrates":  # agents (unless a mirror match: it wins every decisive game), then seats
        labels, rates, los, his = [], [], [], []
        rows = [] if sc["balance"]["mirror"] else [(f"agent {a}", st["win_rate"])
                                                   for a, st in sc["agents"].items()]
        rows += [(f"seat {s['name']}", s["win_rate"]) for s in sc["seats"]]
        for label, r in rows:
            labels.append(label)
            rates.append(r["rate"] or 0.0)
            los.append(max(0.0, (r["rate"] or 0.0) - r["ci95"][0]))
            his.append(max(0.0, r["ci95"][1] - (r["rate"] or 0.0)))
        fig, ax = plt.subplots(figsize=(6, 3.2))
        ax.barh(labels, rates, xerr=[los, his], capsize=4, color="#4a78a8")
        ax.axvline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_xlim(0, 1)
        ax.set_xlabel("win rate (95% Wilson interval)")
        ax.set_title(f"{sc['scenario']}: win rates ({sc['games']} games)")
    elif kind in ("decisions", "turns"):
        fig, ax = plt.subplots(figsize=(6, 3))
        ax.hist(sc[f"_{kind}"], bins=20, color="#6a9a58")
        ax.set_xlabel(f"{kind} per game")
        ax.set_ylabel("games")
    elif kind == "vp":
        fig, ax = plt.subplots(figsize=(6, 3))
        for seat, xs in sc["_vp"].items():
            if xs:
                ax.hist(xs, bins=range(int(min(xs)), int(max(xs)) + 2), alpha=0.6, label=seat, align="left")
        ax.set_xlabel("victory points at the end")
        ax.set_ylabel("games")
        ax.legend()
    else:
        raise ValueError(f"no plot {kind!r} (known: winrates, decisions, turns, vp)")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


def _plots(sc: dict[str, Any], out: Path, stem: str) -> list[str]:
    """PNG files for one scenario; [] when matplotlib is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return []
    files = []
    for kind in plot_kinds(sc):
        name = f"{stem}-{kind}.png"
        (out / name).write_bytes(plot_png(sc, kind))
        files.append(name)
    return files


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    h = "".join(f"<th>{html.escape(str(c))}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{h}</tr>{body}</table>"


def _dist_row(name: str, d: dict[str, Any] | None) -> list[Any]:
    if not d:
        return [name, "-", "-", "-", "-", "-", "-"]
    return [name, d["n"], f"{d['mean']:.1f}", f"{d['sd']:.1f}", f"{d['min']:.0f}", f"{d['median']:.0f}",
            f"{d['max']:.0f}"]


def _runs_text(runs: Sequence[dict[str, Any]]) -> str:
    return "; ".join(" vs ".join(r["agents"]) + f" ({r['games']} games, seed {r['seed']})" for r in runs)


def html_page(report: dict[str, Any], plots: dict[str, list[str]]) -> str:
    parts = ["<!doctype html><html><head><meta charset='utf-8'><title>tactica balance report</title>",
             "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .6em;"
             "text-align:right}th{background:#eee}td:first-child{text-align:left}"
             ".verdict{font-size:1.2em;font-weight:bold}</style></head><body>",
             "<h1>Balance report</h1>"]
    for sc in report["scenarios"]:
        b = sc["balance"]
        key = f"{sc['game']}/{sc['scenario']}"
        parts.append(f"<h2>{html.escape(key)}</h2>")
        parts.append(f"<p class='verdict'>Verdict: {html.escape(b['verdict'])}</p>"
                     f"<p>On {b['games']} games ({b['decisive']} decisive, {b['draws']} draws, "
                     f"{b['aborted']} aborted); "
                     + ("a solitaire scenario: the win rate says how hard it is. "
                        if b["even_share"] is None else
                        f"balanced means every seat's share of the decisive games is within "
                        f"±{100 * b['tolerance']:.0f} points of {_pct(b['even_share'])} with 95% "
                        f"confidence. ")
                     + "Agents: "
                     + html.escape(_runs_text(sc["runs"])) + "</p>"
                     + (f"<p>{html.escape(b['note'])}</p>" if b["note"] else ""))
        parts.append("<h3>Agents</h3>" + _table(
            ["agent", "games", "wins", "draws", "losses", "aborted", "win rate [95% CI]", "score",
             "mean return"],
            [[a, st["games"], st["wins"], st["draws"], st["losses"], st["aborted"], _ci(st["win_rate"]),
              _pct(st["score"]), f"{st['mean_return']:.3f}"] for a, st in sc["agents"].items()]))
        parts.append("<h3>Seats</h3>" + _table(
            ["seat", "wins", "win rate [95% CI]", "share of decisive [95% CI]", "mean return", "mean VP"],
            [[s["name"], s["wins"], _ci(s["win_rate"]), _ci(s["decisive_share"]), f"{s['mean_return']:.3f}",
              f"{s['vp']['mean']:.2f}" if s["vp"] else "-"] for s in sc["seats"]]))
        parts.append("<h3>Game length</h3>" + _table(
            ["", "games", "mean", "sd", "min", "median", "max"],
            [_dist_row("decisions", sc["decisions"]), _dist_row("turns", sc["turns"])]))
        parts.append("<h3>How games ended</h3>" + _table(["ending", "games"], list(sc["reasons"].items())))
        for f in plots.get(key, []):
            parts.append(f"<p><img src='{html.escape(f)}' alt='{html.escape(f)}'></p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(runs: Sequence[SimulationRun], out: Path, plots: bool = True) -> dict[str, Any]:
    """Write report.json, the PNG plots and index.html into ``out``; return the report."""
    out.mkdir(parents=True, exist_ok=True)
    rep = build_report(runs)
    made: dict[str, list[str]] = {}
    if plots:
        for sc in rep["scenarios"]:
            made[f"{sc['game']}/{sc['scenario']}"] = _plots(sc, out, f"{sc['game']}-{sc['scenario']}")
    public = {"scenarios": [{k: v for k, v in sc.items() if not k.startswith("_")}
                            for sc in rep["scenarios"]]}
    (out / "report.json").write_text(json.dumps(public, indent=1) + "\n", encoding="utf-8")
    (out / "index.html").write_text(html_page(rep, made), encoding="utf-8")
    return public
