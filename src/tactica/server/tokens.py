"""Seat tokens: the secret in each seat's link. Only their hashes are stored or compared."""

from __future__ import annotations

import hashlib
import secrets

TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_game_id() -> str:
    return secrets.token_urlsafe(9)
