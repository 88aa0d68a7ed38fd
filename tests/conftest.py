import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from core.duel import RULES as DUEL
from tactica.games import register

register(DUEL)
