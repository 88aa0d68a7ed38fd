"""Stable action numbers: every option id a module can offer gets one fixed number, for good.

Agent frameworks want a fixed set of integer actions whose meaning never changes: a trained policy
is an output layer indexed by them. Our options carry stable string ids ("move:a3:H7", "pass"), so
the numbering is a table of ids, one per line, in a fixed order that only ever grows at the end.

Where a module's table comes from (:func:`table_for`):

1. the module's own ``Rules.action_ids()`` hook (a module that knows its id grammar can list every
   id exactly, e.g. a solitaire or a block game with a small action set);
2. else the table shipped here, ``interop/action_tables/<module>.txt``, built and extended by
   ``python -m tactica.interop.actions <module>`` (below);
3. else no table: every id is numbered by hashing (unstable, but it works for a new module).

Numbers (docs/interop.md): ``0 .. OVERFLOW-1`` is the overflow block, where an id missing from
the table lands by ``crc32(id) mod OVERFLOW`` (two such ids of one decision are probed apart in
sorted order); ``OVERFLOW + i`` is the table's i-th id. Putting the overflow block first keeps
every tabled number fixed when the table grows. The tests play every module and scenario and
check that no legal id ever falls into the overflow block.

Building a table: play random games of every scenario, collect the ids, group them by shape
(kind plus one argument class per ``:``-separated field, digits generalised) and expand each
shape over every value seen in each field (a unit seen moving anywhere may move to any hex seen),
then append the ids not yet in the table, sorted. Existing lines never move.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import zlib
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

from tactica.core.options import Option

OVERFLOW = 1024
"""Size of the overflow block (ids not in the table); numbers 0 .. OVERFLOW-1."""

TABLES = Path(__file__).with_name("action_tables")


def table_path(module_id: str) -> Path:
    return TABLES / f"{module_id}.txt"


def read_table(path: Path) -> list[str]:
    """Ids of a table file in order (``#`` lines are comments); duplicates refused."""
    ids = [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise ValueError(f"{path.name}: option id {dup!r} is listed twice")
    return ids


@cache
def _shipped(module_id: str) -> tuple[str, ...] | None:
    p = table_path(module_id)
    return tuple(read_table(p)) if p.exists() else None


def table_for(rules: Any) -> tuple[str, ...] | None:
    """The module's action table: its ``action_ids()`` hook, else the shipped file, else None."""
    hook = getattr(rules, "action_ids", None)
    ids = hook() if callable(hook) else None
    if ids is not None:
        return tuple(ids)
    return _shipped(rules.id)


def table_digest(ids: Sequence[str]) -> str:
    """A short digest of a table prefix: tests pin it so a table can only grow at the end."""
    return hashlib.blake2b("\n".join(ids).encode(), digest_size=8).hexdigest()


class TableActionCodec:
    """Option ids numbered by a fixed table (``OVERFLOW + index``); ids not in it hashed into the
    overflow block ``0 .. OVERFLOW-1``."""

    def __init__(self, ids: Iterable[str]) -> None:
        self.ids = ids if isinstance(ids, tuple) else tuple(ids)
        self.number = {oid: OVERFLOW + i for i, oid in enumerate(self.ids)}
        self.num_actions = OVERFLOW + len(self.ids)

    def id_of(self, action: int) -> str | None:
        """The tabled id of an action number (None in the overflow block or out of range)."""
        i = action - OVERFLOW
        return self.ids[i] if 0 <= i < len(self.ids) else None

    def encode(self, options: Sequence[Option]) -> list[int]:
        out: list[int | None] = [self.number.get(o.id) for o in options]
        if None in out:
            stray = sorted(o.id for o, a in zip(options, out, strict=True) if a is None)
            if len(stray) > OVERFLOW:
                raise ValueError(f"{len(stray)} untabled options do not fit the overflow block")
            taken: dict[str, int] = {}
            used: set[int] = set()
            for oid in stray:
                a = zlib.crc32(oid.encode()) % OVERFLOW
                while a in used:
                    a = (a + 1) % OVERFLOW
                used.add(a)
                taken[oid] = a
            out = [taken[o.id] if a is None else a for o, a in zip(options, out, strict=True)]
        return [a for a in out if a is not None]


# ------------------------------------------------------------------------------ table building
def expand(ids: Iterable[str]) -> set[str]:
    """The ids seen, plus every id of a kind seen made from the values its fields can take.

    A field is (kind, number of fields, position). Fields that share a value take the same
    values (a unit id seen in ``fire`` and in ``move`` joins their unit fields; hexes likewise),
    so a unit seen anywhere may move to any hex seen anywhere. Group values ("c8+c9") stay as
    seen: their combinations explode."""
    ids = set(ids)
    fields: dict[tuple[str, int, int], set[str]] = {}
    for oid in ids:
        f = oid.split(":")
        for p, v in enumerate(f[1:], 1):
            fields.setdefault((f[0], len(f), p), set()).add(v)
    parent = {k: k for k in fields}

    def root(k: tuple[str, int, int]) -> tuple[str, int, int]:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[str, tuple[str, int, int]] = {}
    for k, vals in fields.items():
        for v in vals:
            if "+" not in v:
                if v in owner:
                    parent[root(k)] = root(owner[v])
                else:
                    owner[v] = k
    values: dict[tuple[str, int, int], set[str]] = {}
    for k, vals in fields.items():
        values.setdefault(root(k), set()).update(vals)
    out = set(ids)
    for kind, n in {(oid.split(":")[0], oid.count(":") + 1) for oid in ids}:
        doms = [[kind]]
        for p in range(1, n):
            seen = fields[(kind, n, p)]
            doms.append(sorted(seen if any("+" in v for v in seen) else values[root((kind, n, p))]))
        out.update(":".join(t) for t in product(*doms))
    return out


def seen_ids(module_id: str, games: int, seed: int = 0, max_decisions: int = 5_000) -> set[str]:
    """Every legal id met in ``games`` random games of each scenario."""
    import tactica
    from tactica.games import get_rules

    ids: set[str] = set()
    for sc in get_rules(module_id).scenarios():
        for k in range(games):
            rng = random.Random(seed * 7919 + k)
            g = tactica.new_game(module_id, sc.id, seed=seed * 7919 + k).clone()
            for _ in range(max_decisions):
                if g.is_terminal():
                    break
                opts = g.legal_options()
                ids.update(o.id for o in opts)
                g.apply(rng.choice(opts).id)
    return ids


def extend_table(module_id: str, games: int = 30, seed: int = 0) -> tuple[int, int]:
    """Append the ids found (and their expansions) that the table lacks; (old size, new size)."""
    path = table_path(module_id)
    old = read_table(path) if path.exists() else []
    known = set(old)
    new = sorted(expand(seen_ids(module_id, games, seed)) - known)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"# Stable action numbers of {module_id} (docs/interop.md): action OVERFLOW + i is the\n"
            "# i-th id below (OVERFLOW = 1024). Append only: never reorder, edit or delete a line.\n")
    if new:
        with path.open("a") as f:
            f.write("".join(f"{i}\n" for i in new))
    _shipped.cache_clear()
    return len(old), len(old) + len(new)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Extend a module's action table (append only).")
    ap.add_argument("modules", nargs="+")
    ap.add_argument("--games", type=int, default=30, help="random games per scenario")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    for m in a.modules:
        before, after = extend_table(m, a.games, a.seed)
        ids = read_table(table_path(m))
        print(f"{m}: {before} -> {after} ids; digest of all {after}: {table_digest(ids)}")


if __name__ == "__main__":
    main()
