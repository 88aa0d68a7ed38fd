"""The measured balance of each module's scenarios, as the lobby reads it.

``tactica balance`` (:mod:`tactica.sim.balance`) writes one file per rules module,
``games/<module>/data/balance.yaml`` (format ``tactica-balance/1``), from the committed results
files ``docs/balance/<module>/<scenario>.json``. The server only reads it: no simulation at
request time. A figure measured under an older rules version than the module's current one is
shown marked stale, not hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

import tactica.games

FORMAT = "tactica-balance/1"
ENTRY_KEYS = ("agents", "games", "solitaire", "first_seat", "wins", "draws", "losses", "aborted",
              "win_rate", "ci95", "score", "score_ci95", "verdict", "target_met", "rules_version",
              "command", "page")
"""Every key of a measured scenario's entry, in the order they are written."""


class BalanceError(ValueError):
    """A results file or a balance data file that cannot be used (the message names it)."""


def data_file(module: str, games_dir: Path | None = None) -> Path:
    """Where a module's balance data lives (``games_dir``: the folder of the module packages;
    default: the installed tactica.games)."""
    base = games_dir if games_dir is not None else Path(tactica.games.__file__).resolve().parent
    return base / module / "data" / "balance.yaml"


def parse(text: str, where: str) -> dict[str, dict[str, Any]]:
    """The scenarios of a balance data file (scenario id -> entry); BalanceError when it is not
    one."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise BalanceError(f"{where}: not YAML ({e})") from None
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise BalanceError(f"{where}: not a balance data file (want format {FORMAT!r})")
    scenarios = data.get("scenarios") or {}
    if not isinstance(scenarios, Mapping):
        raise BalanceError(f"{where}: 'scenarios' must map scenario ids to entries")
    for sid, entry in scenarios.items():
        if not isinstance(entry, Mapping) or set(entry) != set(ENTRY_KEYS):
            raise BalanceError(f"{where}: scenario {sid!r} must have exactly the keys "
                               f"{', '.join(ENTRY_KEYS)}")
    return {str(k): dict(v) for k, v in scenarios.items()}


def load(module: str, games_dir: Path | None = None) -> dict[str, dict[str, Any]]:
    """A module's measured scenarios ({} when the module has no balance file)."""
    path = data_file(module, games_dir)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return parse(text, f"{module}/data/balance.yaml")


def lobby_entry(entry: Mapping[str, Any] | None, current_version: str) -> dict[str, Any]:
    """What the catalogue gives the lobby for one scenario: ``{"measured": False}``, or the
    measured figures with ``stale`` (measured under another rules version than the module's)
    and the module's ``current_version``."""
    if entry is None:
        return {"measured": False}
    return {"measured": True, **entry, "stale": str(entry["rules_version"]) != str(current_version),
            "current_version": str(current_version)}
