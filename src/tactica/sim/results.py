"""A simulation run as data, and its JSON and CSV files.

JSON keeps everything (the run's parameters and one object per game) and is what ``tactica
report`` reads; CSV is one row per game for spreadsheets and pandas, with per-seat columns
(``agent_0``, ``return_0``, ``vp_0``, ...).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactica.sim.runner import GameResult

FORMAT = "tactica-sim/1"


@dataclass(slots=True)
class SimulationRun:
    game: str
    scenario: str
    agents: list[str]
    """The agents as given (seat order of the first game of each pair)."""
    seed: int
    games: list[GameResult]
    backend: str = "local"
    workers: int = 1
    seconds: float = 0.0
    """Wall time of the run (not part of the results: it changes from run to run)."""
    seats: list[str] = field(default_factory=list)
    rules_version: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "scenario": self.scenario, "agents": self.agents,
                "seed": self.seed, "seats": self.seats, "rules_version": self.rules_version,
                "backend": self.backend, "workers": self.workers, "seconds": round(self.seconds, 3),
                "results": [g.to_dict() for g in self.games]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SimulationRun:
        if d.get("format") != FORMAT:
            raise ValueError(f"not a tactica simulation file (format {d.get('format')!r}, want {FORMAT!r})")
        return cls(game=d["game"], scenario=d["scenario"], agents=list(d["agents"]), seed=int(d["seed"]),
                   games=[GameResult.from_dict(g) for g in d["results"]], backend=d.get("backend", ""),
                   workers=int(d.get("workers", 1)), seconds=float(d.get("seconds", 0.0)),
                   seats=list(d.get("seats", [])), rules_version=str(d.get("rules_version", "")))


CSV_FIELDS = ("index", "pair", "game", "scenario", "seed", "winner", "winner_agent", "decisions", "turns",
              "aborted", "reason")


def to_csv(games: list[GameResult]) -> str:
    n = max((len(g.agents) for g in games), default=0)
    per_seat = [f"{k}_{i}" for k in ("agent", "return", "vp") for i in range(n)]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([*CSV_FIELDS, *per_seat])
    for g in games:
        row: list[Any] = [g.index, g.pair, g.game, g.scenario, g.seed, "" if g.winner is None else g.winner,
                          "" if g.winner is None else g.agents[g.winner], g.decisions,
                          "" if g.turns is None else g.turns, int(g.aborted), g.reason]
        row += [g.agents[i] for i in range(n)]
        row += [_num(g.returns[i]) for i in range(n)]
        row += ["" if g.vp is None else _num(g.vp[i]) for i in range(n)]
        w.writerow(row)
    return buf.getvalue()


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(x)


def save(run: SimulationRun, json_path: Path | None = None, csv_path: Path | None = None) -> None:
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(run.to_dict(), indent=1) + "\n", encoding="utf-8")
    if csv_path is not None:
        csv_path.parent.mkdir(parents=True, exist_ok=True)
        csv_path.write_text(to_csv(run.games), encoding="utf-8")


def load(path: Path) -> SimulationRun:
    return SimulationRun.from_dict(json.loads(path.read_text(encoding="utf-8")))
