"""Alembic migrations of the game store; run on start by :func:`tactica.server.store.migrate`."""
