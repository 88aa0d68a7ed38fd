"""tactica: tactical hex wargames played by their complete rules."""

from tactica import compiled_loader as _compiled_loader

_compiled_loader.install()  # before anything else loads: a stale compiled module must never load

from tactica.api import new_game, replay  # noqa: E402

__version__ = "0.1.0"
__all__ = ["__version__", "new_game", "replay"]
