"""The one strict reader for every data file (maps, scenarios, decks, rosters, charts).

YAML as people type it has traps: a repeated key silently overwrites the first one, ``yes``/``no``
/``on``/``off`` become booleans (YAML 1.1), ``0307`` becomes the octal number 199 and ``1:30`` the
number 90. This reader refuses the first two with the file and line, and reads only plain decimal
integers as numbers (so ``0307`` stays the hex label it is). ``true``/``false`` are the booleans.
JSON files (``.json``) are read as JSON. Every failure is a :class:`DataError` (a ``ValueError``)
whose message starts with the file name.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any, Final

import yaml

__all__ = [
    "DataError",
    "DataFile",
    "Source",
    "load_file",
    "parse_yaml",
    "parse_yaml_lines",
    "read_data",
    "source_name",
]

Source = str | os.PathLike[str] | Traversable


class DataError(ValueError):
    """A data file that cannot be read as written; the message names the file (and line)."""


_YAML11_BOOL: Final = "tag:tactica,2026:yaml11-bool"


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader: duplicate keys and YAML 1.1 booleans refused, only decimal integers."""


_StrictLoader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag not in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:bool")]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
)
_StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_StrictLoader.add_implicit_resolver(
    _YAML11_BOOL, re.compile(r"^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$"), list("yYnNoO")
)


def _refuse_yaml11_bool(loader: _StrictLoader, node: yaml.ScalarNode) -> Any:
    raise yaml.constructor.ConstructorError(
        None,
        None,
        f"{node.value!r} is a YAML 1.1 boolean: write true or false, or quote it for the text",
        node.start_mark,
    )


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in out:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=deep)
    return out


_StrictLoader.add_constructor(_YAML11_BOOL, _refuse_yaml11_bool)
_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _where(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None)
    if mark is None or problem is None:
        return str(exc)
    return f"line {mark.line + 1}, column {mark.column + 1}: {problem}"


Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class DataFile:
    """A parsed file: its name for messages, the plain data, and the line where each entry starts
    (path of keys and list indexes -> line), so schema errors can point into the file."""

    name: str
    data: Any
    lines: Mapping[Path, int] = field(default_factory=dict)


def _record_lines(node: yaml.Node, data: Any, path: Path, out: dict[Path, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode) and isinstance(data, dict) and len(node.value) == len(data):
        for (_, value_node), (key, value) in zip(node.value, data.items(), strict=True):
            _record_lines(value_node, value, (*path, key), out)
    elif isinstance(node, yaml.SequenceNode) and isinstance(data, list) and len(node.value) == len(data):
        for i, (item_node, item) in enumerate(zip(node.value, data, strict=True)):
            _record_lines(item_node, item, (*path, i), out)


def parse_yaml_lines(text: str, name: str) -> tuple[Any, dict[Path, int]]:
    """Parse YAML text strictly; returns the data and the line where each entry starts."""
    loader = _StrictLoader(text)  # a SafeLoader subclass
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise DataError(f"{name}: not valid YAML: {_where(exc)}") from exc
    finally:
        loader.dispose()
    lines: dict[Path, int] = {}
    if node is not None:
        _record_lines(node, data, (), lines)
    return data, lines


def parse_yaml(text: str, name: str) -> Any:
    """Parse YAML text strictly; ``DataError("<name>: not valid YAML: line L, column C: ...")``."""
    return parse_yaml_lines(text, name)[0]


def source_name(source: Source) -> str:
    """The file name used in messages (no directories: messages must not leak local paths)."""
    return os.path.basename(os.fspath(source)) if isinstance(source, str | os.PathLike) else source.name


def load_file(source: Source, name: str | None = None) -> DataFile:
    """Read a YAML or JSON data file, with the line of each entry (YAML only)."""
    name = name or source_name(source)
    try:
        if isinstance(source, str | os.PathLike):
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        else:
            text = source.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{name}: cannot read file: {exc.strerror or exc}") from exc
    if name.endswith(".json"):
        try:
            return DataFile(name, json.loads(text))
        except json.JSONDecodeError as exc:
            where = f"line {exc.lineno}, column {exc.colno}"
            raise DataError(f"{name}: not valid JSON: {where}: {exc.msg}") from exc
    data, lines = parse_yaml_lines(text, name)
    return DataFile(name, data, lines)


def read_data(source: Source, name: str | None = None) -> tuple[str, Any]:
    """Read a YAML or JSON data file; returns (file name for messages, parsed data)."""
    f = load_file(source, name)
    return f.name, f.data
