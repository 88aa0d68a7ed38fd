"""Great War Commander (rulebook 001): component data only, for now.

The rules engine is built next, on the Commander family (games/commander_family); until then this
package holds the game's components as validated data (data/, loaded by :mod:`.data`) and is not
registered as a playable rules module. RULES.md lists every rule section and its status.
"""
