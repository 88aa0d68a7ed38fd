import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from core.duel import RULES as DUEL
from tactica.core.game import Game
from tactica.games import register

register(DUEL)
Game.check_windows = True  # every window that offers more than pass must say it opens
Game.check_resample = True  # a re-deal for the deciding seat must leave its decision as it was
Game.check_clones = 20  # one clone in 20 is checked: an independent copy equal to the original
