"""Great War Commander (Hexasim, 2023): rules module on the Commander family.

The Commander procedures come from commander_family; this package holds what is Great War
Commander's own: its components (data/, data.py, components.py), rule numbers, scenarios, Terrain
chart, the Orders and hooks of its core rules, and the modules its Actions, Events, artillery,
Strategy Cards, Tanks and Fortifications live in. RULES.md gives each rule section's status.
"""

from .rules import GreatWarCommanderRules

RULES = GreatWarCommanderRules()

__all__ = ["RULES", "GreatWarCommanderRules"]
