"""``tactica balance``: the balance pages and the lobby's balance data, made from the committed
results files.

Each measured scenario has one results file, ``docs/balance/<module>/<scenario>.json``, exactly as
``tactica simulate --out`` writes it (an agent against itself: a mirror match). From them this
writes, for every built-in module:

- ``docs/balance/<module>.md``: per scenario the first seat's win rate with its 95 % Wilson
  interval, draws, the report's verdict, whether issue 20's target is met, game length, how games
  ended, the plots (``docs/balance/<module>/<scenario>-<kind>.png``) and the commands that make the
  results file and the page again; scenarios without a results file are listed as not measured;
- ``docs/balance/README.md``: the index;
- ``games/<module>/data/balance.yaml``: the figures the lobby shows (:mod:`balance_data`).

Every figure comes from the same code as ``tactica report`` (:func:`report.build_report`). The
output is a pure function of the results files and the modules' scenario lists: the fields of a
results file that change from run to run of the same command (``IGNORED_FIELDS``: wall time,
backend, workers) are never read. Everything is rendered in memory first, so a bad results file
stops the run before anything is written. :func:`check` renders again and compares, for CI.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tactica.core.rules import Rules, RulesError
from tactica.games import BUILTIN, get_rules
from tactica.sim.balance_data import ENTRY_KEYS, FORMAT, BalanceError, data_file
from tactica.sim.report import build_report, plot_kinds, plot_png
from tactica.sim.results import SimulationRun
from tactica.sim.stats import wilson

DOCS = "docs/balance"
"""Where the results files and pages live in the repository (the pages' commands name it)."""
IGNORED_FIELDS = ("backend", "workers", "seconds")
"""Fields of a results file that differ between two runs of the same command; never read here."""
TARGET = (0.40, 0.60)
"""Issue 20's target: the first seat's score within this range, its 95 % interval touching 50 %."""
PLOT_DPI = 72
"""The committed plots are small (432 x 230 pixels, 32 colours, 2-3 kB each)."""
DEFAULT_GAMES, DEFAULT_SEED = 400, 1000
"""The run a page suggests for a scenario not measured yet."""


@dataclass(frozen=True, slots=True)
class Measurement:
    module: str
    scenario: str
    run: SimulationRun
    sc: dict[str, Any]
    """The report's figures for this scenario (``report.build_report``, with its plot series)."""


def read_results(path: Path, module: str, rules: Rules) -> SimulationRun:
    """One results file, checked: a ``tactica simulate`` file of this module and of the scenario
    its name gives, with at least one game, an agent against itself in every game."""
    where = f"{DOCS}/{module}/{path.name}"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        run = SimulationRun.from_dict(data)
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise BalanceError(f"{where}: not a results file of `tactica simulate` "
                           f"({type(e).__name__}: {e})") from None
    if run.game != module:
        raise BalanceError(f"{where}: holds games of {run.game!r}, not of {module!r} (its folder)")
    if run.scenario != path.stem:
        raise BalanceError(f"{where}: holds scenario {run.scenario!r}; name the file {run.scenario}.json")
    try:
        rules.scenario(run.scenario)
    except RulesError as e:
        raise BalanceError(f"{where}: {e}") from None
    if not run.games:
        raise BalanceError(f"{where}: holds no games")
    for g in run.games:
        if (g.game, g.scenario) != (run.game, run.scenario):
            raise BalanceError(f"{where}: game {g.index} is of {g.game}/{g.scenario}, "
                               f"not {module}/{run.scenario}")
        if len(set(g.agents)) != 1 or len(g.agents) != len(rules.seats):
            raise BalanceError(f"{where}: game {g.index} is not an agent against itself at all "
                               f"{len(rules.seats)} seats ({', '.join(g.agents)}): only a mirror "
                               "match measures a scenario's balance")
    if len({g.agents[0] for g in run.games}) != 1:
        raise BalanceError(f"{where}: mixes agents ({', '.join(sorted({g.agents[0] for g in run.games}))}); "
                           "one agent per results file")
    return run


def collect(root: Path) -> dict[str, dict[str, Measurement]]:
    """Every results file under ``root`` (module -> scenario -> measurement); BalanceError on
    the first one that cannot be used, or a folder that is not a module."""
    out: dict[str, dict[str, Measurement]] = {m: {} for m in sorted(BUILTIN)}
    if not root.is_dir():
        return out
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        if folder.name not in BUILTIN:
            raise BalanceError(f"{DOCS}/{folder.name}/: not a rules module "
                               f"(known: {', '.join(sorted(BUILTIN))})")
        rules = get_rules(folder.name)
        for path in sorted(folder.glob("*.json")):
            run = read_results(path, folder.name, rules)
            (sc,) = build_report([run])["scenarios"]
            out[folder.name][run.scenario] = Measurement(folder.name, run.scenario, run, sc)
    return out


def simulate_command(module: str, scenario: str, agents: list[str], games: int, seed: int) -> str:
    return (f"tactica simulate --game {module} --scenario {scenario} --agents {','.join(agents)} "
            f"--games {games} --seed {seed} --workers 1 --out {DOCS}/{module}/{scenario}.json")


def _r(x: float) -> float:
    return round(float(x), 4)


def figures(m: Measurement) -> dict[str, Any]:
    """The lobby's entry for a measured scenario (every key of ``ENTRY_KEYS``), from the report's
    figures: the first seat's wins, draws and losses, its win rate over all games with the report's
    Wilson interval, its score (draws as halves, over the finished games) with its interval, the
    verdict and whether issue 20's target is met."""
    sc, run = m.sc, m.run
    first = sc["seats"][0]
    b = sc["balance"]
    solitaire = len(sc["seats"]) == 1
    wins, draws, aborted = first["wins"], b["draws"], b["aborted"]
    finished = sc["games"] - aborted
    losses = finished - wins - draws
    score = (wins + draws / 2) / finished if finished else 0.0
    lo, hi = wilson(wins + draws / 2, finished)
    return {
        "agents": list(run.agents), "games": sc["games"], "solitaire": solitaire, "first_seat": first["name"],
        "wins": wins, "draws": draws, "losses": losses, "aborted": aborted,
        "win_rate": _r(first["win_rate"]["rate"]), "ci95": [_r(x) for x in first["win_rate"]["ci95"]],
        "score": _r(score), "score_ci95": [_r(lo), _r(hi)], "verdict": b["verdict"],
        "target_met": bool(finished) and TARGET[0] <= score <= TARGET[1] and lo <= 0.5 <= hi,
        "rules_version": run.rules_version,
        "command": simulate_command(m.module, m.scenario, run.agents, len(run.games), run.seed),
        "page": f"{DOCS}/{m.module}.md",
    }


# ---------------------------------------------------------------- rendering


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(x: float, ci: list[float]) -> str:
    return f"{_pct(x)} [{_pct(ci[0])}, {_pct(ci[1])}]"


def _title(seat: str) -> str:
    """A seat id as a name: words capitalised, short ones (usa, ussr) as the acronyms they are."""
    return " ".join(w.upper() if len(w) <= 4 and w in ACRONYMS else w.capitalize()
                    for w in seat.split("_"))


ACRONYMS = frozenset({"usa", "us", "uk", "ussr"})


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return lines


def _section(title: str, lines: list[str]) -> list[str]:
    return [f"### {title}", "", *lines, ""]


def _rate(r: Mapping[str, Any]) -> str:
    return _ci(r["rate"], r["ci95"]) if r["n"] else "-"


def _dist(name: str, d: Mapping[str, Any] | None) -> list[Any]:
    if not d:
        return [name, "-", "-", "-", "-", "-", "-", "-"]
    return [name, f"{d['mean']:.1f}", f"{d['sd']:.1f}", f"{d['min']:.0f}", f"{d['p10']:.0f}",
            f"{d['median']:.0f}", f"{d['p90']:.0f}", f"{d['max']:.0f}"]


def status(entry: Mapping[str, Any] | None, current: str) -> str:
    if entry is None:
        return "not measured yet"
    if str(entry["rules_version"]) != str(current):
        return f"stale (measured under rules version {entry['rules_version']}, now {current})"
    return "measured"


def headline(entry: Mapping[str, Any]) -> str:
    """The first seat's result in one phrase (the index and the page)."""
    if entry["solitaire"]:
        return f"won {_ci(entry['win_rate'], entry['ci95'])}"
    draws = f", {entry['draws']} draws" if entry["draws"] else ", no draws"
    return f"{_title(entry['first_seat'])} win {_ci(entry['win_rate'], entry['ci95'])}{draws}"


def _target(entry: Mapping[str, Any]) -> str:
    return "met" if entry["target_met"] else "not met"


def scenario_section(module: str, rules: Rules, sid: str, m: Measurement | None,
                     entry: dict[str, Any] | None, plots: list[str]) -> list[str]:
    info = rules.scenario(sid)
    out = [f"## {info.name} (`{sid}`)", ""]
    if m is None or entry is None:
        agents = ",".join(["scripted"] * len(rules.seats))
        how = "the scripted agent" + (" against itself" if len(rules.seats) > 1 else "")
        out += [f"Not measured yet: there is no `{DOCS}/{module}/{sid}.json`. To measure it with {how}:",
                "", "```sh",
                simulate_command(module, sid, agents.split(","), DEFAULT_GAMES, DEFAULT_SEED),
                "tactica balance", "```", ""]
        return out
    sc, run = m.sc, m.run
    st = status(entry, rules.version)
    if st != "measured":
        out += [f"**Stale**: measured under rules version {entry['rules_version']}; the module is now at "
                f"version {rules.version}. The figures below are those of the older rules until the "
                "results file is made again (commands below).", ""]
    agent = run.agents[0]
    pairs = len({g.pair for g in run.games})
    seeds = f"seeds {run.seed}-{run.seed + pairs - 1}" if pairs > 1 else f"seed {run.seed}"
    if entry["solitaire"]:
        out += [f"{sc['games']} games of the `{agent}` agent ({seeds}), rules version "
                f"{entry['rules_version']}. A solitaire scenario: the seat plays against the rules, so the "
                "win rate says how hard it is.", ""]
        head = ["won [95% CI]", "lost", "aborted", "verdict", "target (won 40-60%, interval touching 50%)"]
        row = [f"{_ci(entry['win_rate'], entry['ci95'])} ({entry['wins']} of {entry['games']})",
               entry["losses"], entry["aborted"], entry["verdict"], _target(entry)]
    else:
        out += [f"{sc['games']} games of the `{agent}` agent against itself ({seeds}, each seed played "
                f"with sides swapped), rules version {entry['rules_version']}. The first seat is "
                f"{_title(entry['first_seat'])}.", ""]
        head = ["first seat wins [95% CI]", "draws", "losses", "score [95% CI]", "verdict",
                "target (score 40-60%, interval touching 50%)"]
        row = [f"{_ci(entry['win_rate'], entry['ci95'])} ({entry['wins']} of {entry['games']})",
               entry["draws"], entry["losses"], _ci(entry["score"], entry["score_ci95"]), entry["verdict"],
               _target(entry)]
    out += [*_table(head, [row]), ""]
    b = sc["balance"]
    if not entry["solitaire"]:
        out += [f"The verdict is `tactica report`'s: on {b['games']} games ({b['decisive']} decisive, "
                f"{b['draws']} draws, {b['aborted']} aborted), `balanced` needs every seat's share of the "
                f"decisive games within ±{100 * b['tolerance']:.0f} points of {_pct(b['even_share'])} "
                "with 95% confidence, `favours` a share above it with 95% confidence. The score counts "
                "a draw as half a win.", ""]
        out += _section("Seats", _table(
            ["seat", "wins", "win rate [95% CI]", "share of decisive [95% CI]", "mean VP"],
            [[_title(s["name"]), s["wins"], _rate(s["win_rate"]), _rate(s["decisive_share"]),
              f"{s['vp']['mean']:.2f}" if s["vp"] else "-"] for s in sc["seats"]]))
    out += _section("Game length", _table(
        ["per game", "mean", "sd", "min", "p10", "median", "p90", "max"],
        [_dist("decisions", sc["decisions"]), _dist("turns", sc["turns"])]))
    out += _section("How games ended", _table(
        ["ending", "games"], [[k or "-", v] for k, v in sc["reasons"].items()]))
    if plots:
        kinds = [name.removeprefix(f"{sid}-").removesuffix(".png") for name in plots]
        out += _section("Plots", [f"![{sid}: {k}]({module}/{n})" for k, n in zip(kinds, plots, strict=True)])
    out += ["### Commands", "", "The results file, its full report (HTML, plots, report.json), then this "
            "page and the lobby's figures:", "", "```sh", entry["command"],
            f"tactica report {DOCS}/{module}/{sid}.json --out sim/balance/{module}-{sid}", "tactica balance",
            "```", ""]
    return out


def module_page(module: str, rules: Rules, measured: Mapping[str, Measurement],
                entries: Mapping[str, dict[str, Any]], plots: Mapping[str, list[str]]) -> str:
    lines = [f"# Balance: {rules.name or module}", "",
             f"Written by `tactica balance` from `{DOCS}/{module}/*.json`; do not edit by hand. Rules "
             f"version {rules.version}; seats {', '.join(_title(s) for s in rules.seats)} (the first seat "
             "is the first of these: seat 0 of the simulations). How the figures are made: docs/sim.md.",
             ""]
    rows = []
    for sid in _ids(rules):
        e, name = entries.get(sid), rules.scenario(sid).name
        rows.append([f"[{name}](#{_anchor(name, sid)})", status(e, rules.version), headline(e) if e else "-",
                     e["verdict"] if e else "-", _target(e) if e else "-"])
    lines += [*_table(["scenario", "status", "first seat", "verdict", "target"], rows), ""]
    for sid in _ids(rules):
        lines += scenario_section(module, rules, sid, measured.get(sid), entries.get(sid), plots.get(sid, []))
    return "\n".join(lines).rstrip("\n") + "\n"


def _anchor(name: str, sid: str) -> str:
    """GitHub's anchor of a heading '<name> (`sid`)'."""
    text = f"{name} ({sid})".lower()
    return "".join(c for c in text.replace(" ", "-") if c.isalnum() or c in "-_")


def _ids(rules: Rules) -> list[str]:
    return [s.id for s in rules.scenarios()]


def index_page(modules: Mapping[str, Rules], entries: Mapping[str, Mapping[str, dict[str, Any]]]) -> str:
    lines = ["# Balance of the designed scenarios", "",
             "Issue 20's target: under the strongest practical agent playing itself, the first seat's "
             "score (a draw counts half) is within 40-60% with its 95% interval touching 50%, over at "
             "least 400 games. Each measured scenario's results file is "
             f"`{DOCS}/<module>/<scenario>.json`, exactly as `tactica simulate --out` writes it; "
             "`tactica balance` makes these pages and the lobby's figures from them (docs/sim.md). "
             "A figure measured under an older rules version than the module's is marked stale.", ""]
    rows = []
    for module, rules in modules.items():
        for sid in _ids(rules):
            e = entries[module].get(sid)
            rows.append([f"[{rules.name or module}]({module}.md)", f"`{sid}`", status(e, rules.version),
                         headline(e) if e else "-", f"{e['games']} `{e['agents'][0]}`" if e else "-",
                         e["verdict"] if e else "-", _target(e) if e else "-"])
    lines += _table(["module", "scenario", "status", "first seat", "games", "verdict", "target"], rows)
    return "\n".join(lines) + "\n"


def data_text(module: str, rules: Rules, entries: Mapping[str, dict[str, Any]]) -> str:
    head = (f"# The measured balance of {rules.name or module}'s scenarios, shown in the lobby.\n"
            f"# Written by `tactica balance` from {DOCS}/{module}/*.json (format tactica-sim/1):\n"
            "# do not edit by hand. Per scenario: the agents (a mirror match), the first seat's wins,\n"
            "# draws and losses, its win rate over all games with a 95% Wilson interval, its score\n"
            "# (draws as halves) with its interval, `tactica report`'s verdict, issue 20's target, the\n"
            "# rules version measured and the command that made the results file. A scenario not\n"
            "# listed is not measured yet.\n")
    body = {"format": FORMAT, "module": module,
            "scenarios": {sid: {k: entries[sid][k] for k in ENTRY_KEYS}
                          for sid in _ids(rules) if sid in entries}}
    return head + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=200)


def small_png(png: bytes) -> bytes:
    """A plot with a 32-colour palette: a third of the size, the same bytes for the same plot."""
    from PIL import Image

    im = Image.open(io.BytesIO(png)).convert("RGB")
    small = im.quantize(colors=32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


@dataclass(slots=True)
class Rendered:
    texts: dict[Path, str]
    """Pages and data files, by path."""
    images: dict[Path, bytes | None]
    """Plots by path (None when not drawn: a check compares only that they exist)."""


def render(root: Path, games_dir: Path | None = None, plots: bool = True) -> Rendered:
    """Everything ``tactica balance`` writes, in memory."""
    measured = collect(root)
    modules = {m: get_rules(m) for m in sorted(BUILTIN)}
    texts: dict[Path, str] = {}
    images: dict[Path, bytes | None] = {}
    all_entries: dict[str, dict[str, dict[str, Any]]] = {}
    for module, rules in modules.items():
        ms = measured[module]
        entries = {sid: figures(m) for sid, m in ms.items()}
        all_entries[module] = entries
        names: dict[str, list[str]] = {}
        for sid, m in ms.items():
            names[sid] = [f"{sid}-{kind}.png" for kind in plot_kinds(m.sc)]
            for kind, name in zip(plot_kinds(m.sc), names[sid], strict=True):
                png = small_png(plot_png(m.sc, kind, dpi=PLOT_DPI)) if plots else None
                images[root / module / name] = png
        texts[root / f"{module}.md"] = module_page(module, rules, ms, entries, names)
        texts[data_file(module, games_dir)] = data_text(module, rules, entries)
    texts[root / "README.md"] = index_page(modules, all_entries)
    return Rendered(texts, images)


def _orphans(root: Path, rendered: Rendered) -> list[Path]:
    """Plots in the module folders that no page shows any more."""
    return sorted(p for m in BUILTIN if (root / m).is_dir() for p in (root / m).glob("*.png")
                  if p not in rendered.images)


def write(root: Path, games_dir: Path | None = None) -> list[Path]:
    """Render, then write what changed and remove plots no page shows; returns the files written."""
    rendered = render(root, games_dir)
    written = []
    for path, text in rendered.texts.items():
        data = text.encode("utf-8")
        if not path.exists() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(path)
    for path, png in rendered.images.items():
        if png is not None and (not path.exists() or path.read_bytes() != png):
            path.write_bytes(png)
            written.append(path)
    for path in _orphans(root, rendered):
        path.unlink()
    return written


def check(root: Path, games_dir: Path | None = None) -> list[str]:
    """What is out of date: pages and data files that differ from a fresh rendering, plots
    missing or left over (their bytes are not compared: they depend on the matplotlib version).
    [] when all is current."""
    rendered = render(root, games_dir, plots=False)
    problems = []
    for path, text in rendered.texts.items():
        if not path.exists():
            problems.append(f"{path}: missing")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{path}: differs from its results files")
    problems += [f"{p}: plot missing" for p in rendered.images if not p.exists()]
    problems += [f"{p}: plot of no page" for p in _orphans(root, rendered)]
    return problems
