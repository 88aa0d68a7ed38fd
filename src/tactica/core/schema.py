"""Data-file schemas as pydantic models, and errors that name the file, the entry and the problem.

Every module describes the shape of its data files (keys, types, ranges, allowed names, and the
checks that look at one entry or one file) with :class:`FileModel` subclasses. :func:`validate`
checks parsed data against a model and turns the first problem into one line such as
``germany.yaml: card G-4: order: unknown order 'Fyre' (allowed: Advance, ...)``: the entry is named
by its ``id`` where it has one. The loaders then convert the validated model into the frozen
objects the rules code uses, so the rest of the code does not see pydantic at all.
:func:`json_schema` gives the published JSON Schema of a model (docs/schemas/).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler, GetJsonSchemaHandler, ValidationError
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

__all__ = ["FileModel", "Model", "OneOf", "format_error", "json_schema", "unique_ids", "validate"]

M = TypeVar("M", bound=BaseModel)


class Model(BaseModel):
    """An entry of a data file: unknown keys refused, no silent type conversion."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FileModel(Model):
    """A whole data file. ``entry_names`` names the entries of its lists in messages
    (``{"cards": "card"}`` gives ``card G-4`` for the list item whose id is G-4); the key ``""``
    names the top level (``file`` unless given)."""

    entry_names: ClassVar[Mapping[str, str]] = {}


@dataclass(frozen=True, slots=True)
class OneOf:
    """``Annotated[str, OneOf(names, "order")]``: a name from a fixed list, published as an enum."""

    names: tuple[str, ...]
    what: str

    def _check(self, value: str) -> str:
        if value not in self.names:
            raise ValueError(f"unknown {self.what} {value!r} (allowed: {', '.join(self.names)})")
        return value

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        out = handler(schema)
        out["enum"] = list(self.names)
        return out


def unique_ids(items: Iterable[Any], what: str) -> None:
    """Raise ``ValueError("<what> <id>: duplicate id")`` for a repeated ``id``."""
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise ValueError(f"{what} {item.id}: duplicate id")
        seen.add(item.id)


def _entry(data: Any, loc: Sequence[int | str], names: Mapping[str, str]) -> str:
    """``("cards", 3, "order")`` -> ``card G-4: order`` (a list item named by its id)."""
    segments: list[list[str]] = [[]]
    node = data
    for step in loc:
        prev = segments[-1][-1] if segments[-1] else None
        if isinstance(step, int) and isinstance(node, list) and 0 <= step < len(node):
            node = node[step]
            ident = node.get("id") if isinstance(node, Mapping) else None
            if prev is not None and prev in names and ident is not None:
                segments[-1].pop()
                if not segments[-1]:
                    segments.pop()
                segments.append([f"{names[prev]} {ident}"])
                segments.append([])
            elif prev is not None:
                segments[-1][-1] = f"{prev}[{step}]"
            else:
                segments[-1].append(f"[{step}]")
            continue
        segments[-1].append(str(step))
        node = node.get(step) if isinstance(node, Mapping) else None
    text = ": ".join(".".join(seg) for seg in segments if seg)
    return text or names.get("", "file")


def _problem(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "value_error":
        return str(ctx.get("error", err["msg"]))
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"expected an integer, got {value!r}"
    if kind in ("bool_type", "bool_parsing"):
        return f"expected true or false, got {value!r}"
    if kind in ("string_type", "string_too_short"):
        return f"expected a non-empty string, got {value!r}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"expected a mapping, got {type(value).__name__}"
    if kind in ("list_type", "tuple_type"):
        return f"expected a list, got {type(value).__name__}"
    if kind == "greater_than_equal":
        return f"{value!r} is below the minimum {ctx.get('ge')}"
    if kind == "less_than_equal":
        return f"{value!r} is above the maximum {ctx.get('le')}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected')}, got {value!r}"
    return str(err["msg"])


def _data_loc(data: Any, loc: Sequence[int | str], keep_last: bool) -> list[int | str]:
    """The error's location with pydantic's union-branch tags (``list[str]``, ``HexModel``) removed."""
    out: list[int | str] = []
    node = data
    for i, step in enumerate(loc):
        in_map = isinstance(node, Mapping) and step in node
        if in_map or (isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)):
            node = node[step]
        elif not (keep_last and i == len(loc) - 1):
            continue
        out.append(step)
    return out


_MISMATCH = frozenset({"list_type", "dict_type", "model_type", "model_attributes_type", "string_type"})


def format_error(
    name: str,
    data: Any,
    exc: ValidationError,
    names: Mapping[str, str],
    lines: Mapping[tuple[str | int, ...], int] | None = None,
) -> str:
    """The most precise problem of ``exc`` as ``<file>: <entry>: <problem> (line N)`` (for a value
    that may take several shapes, the shape it was closest to; the line when it is known)."""
    message = _format(name, data, exc, names)
    if lines:
        loc = _data_loc(data, list(exc.errors()[0]["loc"]), keep_last=False)
        for n in range(len(loc), 0, -1):
            line = lines.get(tuple(loc[:n]))
            if line is not None:
                return f"{message} (line {line})"
    return message


def _format(name: str, data: Any, exc: ValidationError, names: Mapping[str, str]) -> str:
    errors = exc.errors()
    err = errors[0]
    if err["type"] in _MISMATCH:  # perhaps one branch of a union: look for the closest branch
        base = _data_loc(data, list(err["loc"]), keep_last=False)
        same = [e for e in errors if _data_loc(data, list(e["loc"]), keep_last=False)[: len(base)] == base]
        err = min(same, key=lambda e: (e["type"] in _MISMATCH, -len(e["loc"])))
    kind = err["type"]
    loc = _data_loc(data, list(err["loc"]), keep_last=kind in ("missing", "extra_forbidden"))
    if kind == "missing":
        return f"{name}: {_entry(data, loc[:-1], names)}: missing key {loc[-1]!r}"
    if kind == "extra_forbidden":
        return f"{name}: {_entry(data, loc[:-1], names)}: unknown key {loc[-1]!r}"
    problem = _problem(err)
    where = _entry(data, loc, names)
    # a check on a whole entry may name a more precise place itself ("card G-5: duplicate id")
    if kind == "value_error" and where == names.get("", "file"):
        return f"{name}: {problem}"
    head, _, rest = problem.partition(": ")
    if kind == "value_error" and rest and " " not in head and " " not in where.rsplit(": ", 1)[-1]:
        return f"{name}: {where}.{head}: {rest}"  # a check on a mapping naming one of its keys
    return f"{name}: {where}: {problem}"


def validate(
    model: type[M],
    data: Any,
    name: str,
    error: Callable[[str], Exception] = ValueError,
    lines: Mapping[tuple[str | int, ...], int] | None = None,
) -> M:
    """Validate parsed file data against ``model``; the first problem raises ``error(message)``.
    ``lines`` (from core.datafile.load_file) adds the line of the entry at fault."""
    names: Mapping[str, str] = getattr(model, "entry_names", {})
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise error(format_error(name, data, exc, names, lines)) from None


def json_schema(model: type[BaseModel], title: str, description: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a file model, as published in docs/schemas/."""
    schema = model.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = title
    schema["description"] = description
    return schema
