"""Log entries that explain: each names the rule it applies.

An entry is an immutable tuple ``(rule, template, params, to)``; the text is formatted only when
someone reads it, so headless simulation pays almost nothing for a rich log. ``to`` is None for
a public entry or a tuple of the seats that may read it (a card drawn into a hand, a hidden unit's
identity).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

LogEntry = tuple[str, str, dict[str, Any], tuple[int, ...] | None]


def render(entry: LogEntry) -> str:
    rule, template, params, _ = entry
    text = template.format(**params) if params else template
    return f"{rule}: {text}" if rule else text


def visible(entry: LogEntry, seat: int | None) -> bool:
    to = entry[3]
    return to is None or (seat is not None and seat in to)


def entry_dict(i: int, entry: LogEntry) -> dict[str, Any]:
    rule, template, params, to = entry
    return {
        "i": i,
        "rule": rule,
        "text": template.format(**params) if params else template,
        "data": dict(params),
        "private": to is not None,
    }


def name_ids(text: str, names: Mapping[str, str]) -> str:
    """Ids (of pieces, weapons …) replaced by their names in words wherever they stand as whole
    words, for prompts, option labels and log lines shown to a person (the browser does the same
    with the drawing's ``names``)."""
    if not names:
        return text
    ids = "|".join(re.escape(i) for i in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])({ids})(?![\w-])", lambda m: names[m.group(1)], text)
