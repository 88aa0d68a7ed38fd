"""The web app: HTTP + WebSocket over FastAPI, games kept in a SQLAlchemy store (docs/web.md)."""

from tactica.server.app import create_app
from tactica.server.settings import Settings

__all__ = ["Settings", "create_app"]
