"""Reading component files (through the core strict reader) and the field checks still written by hand.

Every problem raises :class:`ComponentError` whose message names the file, the entry and the
problem (``"germany.yaml: card G-7: unknown order 'Fyre'"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from tactica.core.datafile import DataError, Source, read_data

__all__ = ["FORMAT_VERSION", "ComponentError", "Ctx", "Source", "read"]


class ComponentError(DataError):
    """A component file (deck, roster, chits, postures) that cannot be loaded as written."""


def read(source: Source) -> tuple[str, Any]:
    """Parse a YAML or JSON file strictly (core.datafile); returns (file name for messages, data)."""
    try:
        return read_data(source)
    except DataError as exc:
        raise ComponentError(str(exc)) from None


class Ctx:
    """Names the file in every message."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, where: str, problem: str) -> ComponentError:
        return ComponentError(f"{self.name}: {where}: {problem}")

    def mapping(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"expected a mapping, got {type(value).__name__}")
        return value

    def seq(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {type(value).__name__}")
        return value

    def keys(
        self, m: Mapping[str, Any], required: Iterable[str], optional: Iterable[str], where: str
    ) -> None:
        req = frozenset(required)
        allowed = req | frozenset(optional)
        for k in m:
            if k not in allowed:
                raise self.fail(where, f"unknown key {k!r} (allowed: {', '.join(sorted(allowed))})")
        for k in sorted(req):
            if k not in m:
                raise self.fail(where, f"missing key {k!r}")

    def integer(self, value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(where, f"expected an integer, got {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            bounds = f"{'' if lo is None else lo}..{'' if hi is None else hi}"
            raise self.fail(where, f"{value} is out of range {bounds}")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected a non-empty string, got {value!r}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, got {value!r}")
        return value

    def choice(self, value: Any, where: str, allowed: Iterable[str], what: str) -> str:
        s = self.text(value, where)
        options = list(allowed)
        if s not in options:
            raise self.fail(where, f"unknown {what} {s!r} (allowed: {', '.join(options)})")
        return s

    def header(
        self, data: Any, kind: str, required: Iterable[str], optional: Iterable[str] = ()
    ) -> Mapping[str, Any]:
        top = self.mapping(data, "file")
        self.keys(top, ("format", "kind", *required), optional, "file")
        if top["format"] != FORMAT_VERSION:
            raise self.fail(
                "format", f"unsupported format {top['format']!r} (this version reads {FORMAT_VERSION})"
            )
        if top["kind"] != kind:
            raise self.fail("kind", f"expected kind {kind!r}, got {top['kind']!r}")
        return top

    def entries(self, value: Any, where: str) -> list[tuple[str, Mapping[str, Any]]]:
        """A list of mappings each with a unique ``id``; returns (entry label, mapping) pairs."""
        out: list[tuple[str, Mapping[str, Any]]] = []
        seen: set[str] = set()
        for i, item in enumerate(self.seq(value, where)):
            m = self.mapping(item, f"{where}[{i}]")
            if "id" not in m:
                raise self.fail(f"{where}[{i}]", "missing key 'id'")
            ident = self.text(m["id"] if not isinstance(m["id"], int) else str(m["id"]), f"{where}[{i}].id")
            if ident in seen:
                raise self.fail(f"{where} {ident}", "duplicate id")
            seen.add(ident)
            out.append((ident, m))
        return out


FORMAT_VERSION: Final = 1
