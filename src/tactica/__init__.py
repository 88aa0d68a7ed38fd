"""tactica: tactical hex wargames played by their complete rules."""

from tactica.api import new_game, replay

__version__ = "0.1.0"
__all__ = ["__version__", "new_game", "replay"]
