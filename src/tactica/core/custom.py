"""Custom scenarios given as data (the web editor's), named by their content.

A custom scenario's id is ``custom-`` and the first 32 hex digits of the SHA-256 of its canonical
JSON: the id names the content, so a game record that cites it replays on exactly that content,
whatever its author edits later. A rules module keeps the custom scenarios it has checked in a
:class:`CustomScenarios`: at most ``limit`` of them (each may hold a map's tables, megabytes on a
large board), the least recently used evicted, and one that is needed again fetched from the
``source`` (the server's immutable copies) and checked again, its hash included. Nothing here
needs clearing by hand: a process holds what it holds, bounded.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Container, Mapping
from typing import Any, Generic, TypeVar

from tactica.core.rules import RulesError

PREFIX = "custom-"
T = TypeVar("T")
Source = Callable[[str], Any]
"""Content id -> the stored content (plain data), or None if there is none."""


def content_id(data: Mapping[str, Any]) -> str:
    """The id naming this content (``PREFIX`` + SHA-256 of its canonical JSON)."""
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise RulesError(f"scenario: not plain data ({exc})") from None
    return PREFIX + hashlib.sha256(text.encode()).hexdigest()[:32]


class CustomScenarios(Generic[T]):
    """The custom scenarios of one rules module registered in this process: content id -> what
    ``build(data, where, content_id)`` made of the checked data (raising RulesError if refused)."""

    def __init__(self, module: str, build: Callable[[Any, str, str], T], limit: int = 16,
                 on_drop: Callable[[Container[str]], None] | None = None) -> None:
        """``on_drop(kept ids)`` runs after scenarios are dropped: a module frees what it keeps
        beside them (The Great War's map tables)."""
        self.module = module
        self._build = build
        self._on_drop = on_drop
        self._items: OrderedDict[str, T] = OrderedDict()
        self._limit = max(1, limit)
        self._source: Source | None = None
        self._lock = threading.Lock()

    # -- settings (the server's) ---------------------------------------------------------------
    @property
    def limit(self) -> int:
        return self._limit

    def set_limit(self, n: int) -> None:
        """How many stay registered (at least 1); the least recently used beyond go."""
        with self._lock:
            self._limit = max(1, int(n))
            self._evict()

    def set_source(self, source: Source | None) -> Source | None:
        """Where an evicted (or never registered) scenario is fetched from; returns the old one."""
        old, self._source = self._source, source
        return old

    def forget(self) -> None:
        """Unregister every custom scenario (as after a restart; tests use it)."""
        with self._lock:
            self._items.clear()
            self._dropped()

    def ids(self) -> list[str]:
        """The registered ids, the least recently used first."""
        return list(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def is_registered(self, sid: str) -> bool:
        return sid in self._items

    # -- registering and looking up ------------------------------------------------------------
    def register(self, data: Any, where: str = "scenario") -> str:
        """Check ``data`` and make it playable under its content id (returned); registering the
        same content again is harmless. Raises RulesError with the loader's message."""
        if not isinstance(data, Mapping):
            raise RulesError(f"{where}: expected a mapping at the top level")
        sid = content_id(data)
        with self._lock:
            if sid in self._items:
                self._items.move_to_end(sid)  # the most recently used
                return sid
        self._keep(sid, self._build(data, where, sid))
        return sid

    def get(self, sid: str) -> T:
        """A registered scenario, or one fetched from the source and registered again (its
        content must still hash to its id). RulesError if there is none."""
        with self._lock:
            item = self._items.get(sid)
            if item is not None:
                self._items.move_to_end(sid)
                return item
        content = None if self._source is None else self._source(sid)
        if content is None:
            raise RulesError(f"{self.module} has no scenario {sid!r}: a custom scenario that is not "
                             "loaded here")
        where = f"stored scenario {sid}"
        if not isinstance(content, Mapping) or content_id(content) != sid:
            raise RulesError(f"{where}: its content does not match its id")
        return self._keep(sid, self._build(content, where, sid))

    def _keep(self, sid: str, item: T) -> T:
        with self._lock:
            kept = self._items.setdefault(sid, item)
            self._items.move_to_end(sid)
            self._evict()
        return kept

    def _evict(self) -> None:
        while len(self._items) > self._limit:
            self._items.popitem(last=False)
        self._dropped()

    def _dropped(self) -> None:
        if self._on_drop is not None:
            self._on_drop(self._items)
