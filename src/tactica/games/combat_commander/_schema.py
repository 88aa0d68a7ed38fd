"""Reading Combat Commander's component files through the core strict reader.

The files' shapes are the pydantic models of data_models.py; every problem raises
:class:`ComponentError` whose message names the file, the entry and the problem
(``"germany.yaml: card G-7: order: unknown order 'Fyre' (allowed: ...)"``).
"""

from __future__ import annotations

from typing import Final

from tactica.core.datafile import DataError, DataFile, Source, load_file

__all__ = ["FORMAT_VERSION", "ComponentError", "DataFile", "Source", "read"]


class ComponentError(DataError):
    """A component file (deck, roster, chits, postures) that cannot be loaded as written."""


def read(source: Source) -> DataFile:
    """Parse a YAML or JSON file strictly (core.datafile): name for messages, data, entry lines."""
    try:
        return load_file(source)
    except DataError as exc:
        raise ComponentError(str(exc)) from None


FORMAT_VERSION: Final = 1
