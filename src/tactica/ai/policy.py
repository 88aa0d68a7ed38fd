"""Scripted policies: one per rules module, found through the module's Rules, with a generic
fallback.

A policy picks one legal option for the seat that decides now (tactica.core.policy says what it
may read). It is what the ``scripted`` agent plays, what search rolls out with, and what search
expands first (its prior).

A module plugs its policy in without touching this file: its Rules' ``scripted()`` hook returns
an object with a ``POLICY`` (and optionally ``evaluate``, ``turn_key``, ``branch_point`` and
``candidates``, see :mod:`tactica.ai.hooks`); or a call to :func:`register_policy`. The rules
object is found through the public API (tactica.api.get_rules), so tactica.ai never imports a
game module and no game module imports tactica.ai.
"""

from __future__ import annotations

from typing import Any

from tactica.api import get_rules
from tactica.core.policy import GENERIC, GenericPolicy, Policy, board_view, scenario_of

__all__ = ["GENERIC", "GenericPolicy", "Policy", "board_view", "policy_for", "register_policy",
           "scenario_of", "scripted_module"]

_registered: dict[str, Policy] = {}
_found: dict[str, Any] = {}


def register_policy(module_id: str, policy: Policy) -> None:
    """Use ``policy`` for games of ``module_id`` (overrides the module's own scripted.py)."""
    _registered[module_id] = policy


def scripted_module(module_id: str) -> Any:
    """What the module's Rules ``scripted()`` hook returns (its policy and search hooks), or None
    (looked up once)."""
    if module_id not in _found:
        _found[module_id] = get_rules(module_id).scripted()
    return _found[module_id]


def policy_for(module_id: str) -> Policy:
    """The scripted policy of a rules module: registered, given by its Rules, or generic."""
    if module_id in _registered:
        return _registered[module_id]
    mod = scripted_module(module_id)
    pol = getattr(mod, "POLICY", None) if mod is not None else None
    return pol if pol is not None else GENERIC
