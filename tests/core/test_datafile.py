"""The strict data reader and the schema errors (core.datafile, core.schema)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, ClassVar

import pytest
from pydantic import Field

from tactica.core.datafile import DataError, parse_yaml, read_data
from tactica.core.schema import FileModel, Model, OneOf, validate


def test_duplicate_key_names_file_and_line() -> None:
    with pytest.raises(DataError, match=r"^deck\.yaml: not valid YAML: line 3, column 1: duplicate key"):
        parse_yaml("a: 1\nb: 2\na: 3\n", "deck.yaml")


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off"])
def test_yaml11_booleans_are_refused_with_the_line(word: str) -> None:
    pattern = rf"^m\.yaml: not valid YAML: line 2, column 8: '{word}' is a YAML 1\.1"
    with pytest.raises(DataError, match=pattern):
        parse_yaml(f"a: 1\nsmoke: {word}\n", "m.yaml")


def test_true_false_numbers_and_quoted_words() -> None:
    data = parse_yaml("a: true\nb: False\nc: 0307\nd: 12\ne: 'yes'\nf: 1:30\ng: -4\n", "x.yaml")
    assert data == {"a": True, "b": False, "c": "0307", "d": 12, "e": "yes", "f": "1:30", "g": -4}


def test_read_data_json_and_missing_file(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"x": [1, 2]}', encoding="utf-8")
    assert read_data(tmp_path / "a.json") == ("a.json", {"x": [1, 2]})
    (tmp_path / "b.json").write_text('{"x": }', encoding="utf-8")
    with pytest.raises(DataError, match=r"^b\.json: not valid JSON: line 1, column 7"):
        read_data(tmp_path / "b.json")
    with pytest.raises(DataError, match=r"^c\.yaml: cannot read file"):
        read_data(tmp_path / "c.yaml")


class _Entry(Model):
    id: str
    colour: Annotated[str, OneOf(("red", "blue"), "colour")]
    size: Annotated[int, Field(ge=1, le=3)] = 1


class _File(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"items": "item"}
    items: list[_Entry]


@pytest.mark.parametrize(
    ("items", "message"),
    [
        ([{"id": "a", "colour": "green"}], "f.yaml: item a: colour: unknown colour 'green' "
         "(allowed: red, blue)"),
        ([{"id": "a", "colour": "red", "size": 4}], "f.yaml: item a: size: 4 is above the maximum 3"),
        ([{"id": "a", "colour": "red", "size": True}], "f.yaml: item a: size: expected an integer, got True"),
        ([{"id": "a"}], "f.yaml: item a: missing key 'colour'"),
        ([{"id": "a", "colour": "red", "hue": 2}], "f.yaml: item a: unknown key 'hue'"),
        ([{"colour": "red"}], "f.yaml: items[0]: missing key 'id'"),
        ("red", "f.yaml: items: expected a list, got str"),
    ],
)
def test_validation_errors_name_file_entry_and_problem(items: object, message: str) -> None:
    with pytest.raises(ValueError) as err:
        validate(_File, {"items": items}, "f.yaml")
    assert str(err.value) == message


def test_schema_errors_name_the_line_of_the_entry(tmp_path: Path) -> None:
    from tactica.core.datafile import load_file

    f = tmp_path / "f.yaml"
    text = "items:\n  - {id: a, colour: red}\n  - id: b\n    colour: red\n    size: 9\n"
    f.write_text(text, encoding="utf-8")
    doc = load_file(f)
    assert doc.lines[("items", 1, "size")] == 5
    with pytest.raises(ValueError) as err:
        validate(_File, doc.data, doc.name, lines=doc.lines)
    assert str(err.value) == "f.yaml: item b: size: 9 is above the maximum 3 (line 5)"
