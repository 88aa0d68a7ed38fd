"""Reading Combat Commander's component files through the core strict reader.

The files' shapes are the pydantic models of data_models.py; every problem raises
:class:`ComponentError` whose message names the file, the entry and the problem
(``"germany.yaml: card G-7: order: unknown order 'Fyre' (allowed: ...)"``).
"""

from __future__ import annotations

from typing import Any, Final

from tactica.core.datafile import DataError, Source, read_data

__all__ = ["FORMAT_VERSION", "ComponentError", "Source", "read"]


class ComponentError(DataError):
    """A component file (deck, roster, chits, postures) that cannot be loaded as written."""


def read(source: Source) -> tuple[str, Any]:
    """Parse a YAML or JSON file strictly (core.datafile); returns (file name for messages, data)."""
    try:
        return read_data(source)
    except DataError as exc:
        raise ComponentError(str(exc)) from None


FORMAT_VERSION: Final = 1
