"""``python -m tactica.server``: the same as ``tactica serve``."""

from tactica.cli import app

if __name__ == "__main__":  # pragma: no cover
    app(["serve"])
