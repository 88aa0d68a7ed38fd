"""The `tactica` command: list games, play in the terminal, replay records."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

import tactica
from tactica.ai import make_agent
from tactica.core.game import Game
from tactica.core.log import name_ids
from tactica.core.options import IllegalOption
from tactica.core.record import Record, RecordError, log_digest
from tactica.core.rules import RulesError
from tactica.games import all_ids, get_rules
from tactica.sim.commands import register as register_sim_commands

app = typer.Typer(help="tactica: tactical hex wargames played by their complete rules.",
                  no_args_is_help=True, add_completion=False)


def _fail(msg: str) -> None:
    typer.secho(f"error: {msg}", fg=typer.colors.RED, err=True)
    raise typer.Exit(2)


def games_catalogue() -> list[dict[str, Any]]:
    out = []
    for gid in all_ids():
        r = get_rules(gid)
        out.append({"id": r.id, "name": r.name, "version": r.version, "seats": list(r.seats),
                    "scenarios": [s.to_dict() for s in r.scenarios()]})
    return out


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the rules modules and their scenarios."""
    cat = games_catalogue()
    if as_json:
        typer.echo(json.dumps(cat, indent=2))
        return
    if not cat:
        typer.echo("No rules modules are installed yet.")
    for g in cat:
        typer.echo(f"{g['id']}  {g['name']} (rules v{g['version']}; seats: {', '.join(g['seats'])})")
        for s in g["scenarios"]:
            typer.echo(f"    {s['id']:<24} {s['name']}")


def _print_new_log(g: Game, seat: int | None, shown: int, everything: bool = False) -> int:
    entries = g.visible_log(seat, shown, everything)
    for e in entries:
        typer.echo(f"  [{e['rule']}] {e['text']}" if e["rule"] else f"  {e['text']}")
    return shown + len(entries)


def _ask_human(g: Game, seat: int) -> str | None:
    """Prompt a person at the terminal; returns an option id, 'undo', or None to quit."""
    from tactica.server.table import table_for

    v = g.view(seat)
    d = v["decision"]
    table = table_for(g, seat, v)  # the browser's words: names for ids, clearer prompts and labels
    names = table.get("names") or {}
    typer.echo(f"\n{v['seats'][seat]}: {name_ids(table.get('prompt') or d['prompt'], names)}")
    typer.echo(g.rules.describe(g, seat))
    for i, o in enumerate(d["options"]):
        label = (table["options"].get(o["id"]) or {}).get("label") or o["label"]
        typer.echo(f"  {i:>3}. {name_ids(label, names)}   [{o['id']}]")
    extra = ", u = undo" if d.get("can_undo") else ""
    while True:
        answer = typer.prompt(f"choice (number or id; q = quit{extra})", default="", show_default=False)
        raw = str(answer).strip()
        if raw == "q":
            return None
        if raw == "u" and d.get("can_undo"):
            return "undo"
        ids: list[str] = [o["id"] for o in d["options"]]
        if raw.isdigit() and int(raw) < len(ids):
            return ids[int(raw)]
        if raw in ids:
            return raw
        typer.echo("  not an option; pick a number from the list")


@app.command()
def schemas(
    out: Annotated[Path, typer.Option(help="Folder for the JSON Schemas.")] = Path("docs/schemas"),
    check: Annotated[bool, typer.Option(help="Only check that the folder is current.")] = False,
) -> None:
    """Write (or check) the JSON Schemas of every data format (maps, scenarios, decks, rosters)."""
    from tactica import data_schemas

    if check:
        stale = [n for n, t in data_schemas.render().items() if not (out / n).is_file()
                 or (out / n).read_text(encoding="utf-8") != t]
        if stale:
            _fail(f"out of date: {', '.join(stale)} (run `tactica schemas`)")
        typer.echo("schemas are current")
        return
    for path in data_schemas.write(out):
        typer.echo(f"wrote {path}")


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Rules module id (see `tactica games`).")],
    scenario: Annotated[str, typer.Argument(help="Scenario id.")],
    seats: Annotated[str, typer.Option(help="One per seat, comma-separated: human or an agent (random).")]
    = "human,random",
    seed: Annotated[int, typer.Option(help="Seed of the game's chance.")] = 1,
    out: Annotated[Path | None, typer.Option(help="Where to save the record (JSON).")] = None,
    quiet: Annotated[bool, typer.Option(help="Do not print the log.")] = False,
) -> None:
    """Play a game in the terminal, each seat a person or an agent; the record is saved."""
    try:
        g = tactica.new_game(game, scenario, seed=seed)
    except RulesError as e:
        _fail(str(e))
    kinds = [s.strip() for s in seats.split(",")]
    if len(kinds) != g.num_players():
        _fail(f"{game} has {g.num_players()} seats ({', '.join(g.seats)}); --seats gave {len(kinds)}")
    agents = {}
    for i, k in enumerate(kinds):
        if k != "human":
            try:
                agents[i] = make_agent(k, seed=seed * 31 + i)
            except ValueError as e:
                _fail(str(e))
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    log_seat = humans[0] if len(humans) == 1 else None
    shown = _print_new_log(g, log_seat, 0) if not quiet else 0
    while not g.is_terminal():
        seat = g.current_player()
        if seat in agents:
            g.apply(agents[seat].choose(g, seat))
        else:
            choice = _ask_human(g, seat)
            if choice is None:
                break
            if choice == "undo":
                g.undo()
                shown = min(shown, len(g.visible_log(log_seat)))
                continue
            g.apply(choice, seat=seat)
        if not quiet:
            shown = _print_new_log(g, log_seat, shown)
    if g.is_terminal():
        res = g.state["result"]
        typer.echo(f"\nResult: {res['reason']} (returns {res['returns']})")
    assert g.record is not None
    path = out or Path("records") / f"{game}-{scenario}-{seed}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(g.record.to_dict(log_digest(g)), indent=1))
    typer.echo(f"Record saved to {path}")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by `tactica play`.")],
    seat: Annotated[str | None, typer.Option(help="Whose view to show (default: everything).")] = None,
    step: Annotated[bool, typer.Option(help="Wait for Enter after each decision.")] = False,
    upto: Annotated[int | None, typer.Option(help="Stop after this many decisions.")] = None,
) -> None:
    """Step through a saved record, printing the log with its rule citations."""
    try:
        rec = Record.from_dict(json.loads(file.read_text(encoding="utf-8")))
        g = tactica.replay(rec, upto=0)
        who = None if seat is None else g.seat_index(int(seat) if seat.isdigit() else seat)
    except (OSError, json.JSONDecodeError, RecordError, RulesError, IllegalOption) as e:
        _fail(f"cannot replay {file}: {e}")
    n = len(rec.decisions) if upto is None else max(0, min(upto, len(rec.decisions)))
    shown = _print_new_log(g, who, 0, everything=seat is None)
    for i, (s, oid) in enumerate(rec.decisions[:n]):
        if step and sys.stdin.isatty():
            input()
        typer.echo(f"#{i + 1} {g.seats[s]}: {oid}")
        if oid.startswith("!"):
            g.set_preference(s, oid)
        else:
            g.apply(oid, seat=s)
        shown = _print_new_log(g, who, shown, everything=seat is None)
    typer.echo(f"{n} of {len(rec.decisions)} decisions replayed")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help="SQLAlchemy URL of the game store "
                                           "(default: SQLite in the data folder).")] = None,
    data: Annotated[Path | None, typer.Option(help="Data folder for the default SQLite store.")] = None,
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="A host name the server answers to besides localhost and 127.0.0.1 (repeatable; "
             "guards against DNS rebinding).")] = None,
    games_per_minute: Annotated[int, typer.Option(
        help="New games one address may create per minute (0: no limit).")] = 30,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        help="Address or network of a reverse proxy whose X-Forwarded-For names the client "
             "(repeatable; none by default: the header is ignored).")] = None,
) -> None:
    """Serve the web app: the lobby, the table, live updates; games kept in the store."""
    import uvicorn

    from tactica.compiled_loader import loaded_as
    from tactica.server import Settings, create_app
    from tactica.server.settings import LOCAL_HOSTS

    hosts = list(allowed_host or [])
    if host not in ("0.0.0.0", "::", ""):
        hosts.append(host)
    settings = Settings(database_url=db or "", data_dir=data, allowed_hosts=tuple(hosts),
                        games_per_minute=games_per_minute, trusted_proxies=tuple(trusted_proxy or []))
    web_app = create_app(settings)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    typer.echo(f"tactica is serving the lobby at http://{shown}:{port}/  (Ctrl-C stops it)")
    engine = loaded_as()
    typer.echo(f"engine: {engine}" + ("" if engine == "compiled" else
                                      " (make compile: the same play for less CPU)"))
    if host in ("0.0.0.0", "::") and len(settings.hosts()) == len(LOCAL_HOSTS):
        typer.echo("note: only localhost and 127.0.0.1 are answered; add the names others use with "
                   "--allowed-host NAME (a guard against DNS rebinding)")
    # no per-message deflate: compressing each view (tens of KB) cost more CPU per decision than
    # everything else on its path (bench/bench_server.py); a proxy may still compress HTTP
    # proxy_headers off: uvicorn would otherwise believe X-Forwarded-For from 127.0.0.1 (any
    # local process); the app believes only --trusted-proxy (server/app.py)
    uvicorn.run(web_app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=False, proxy_headers=False)


register_sim_commands(app)


def main() -> None:  # pragma: no cover - console entry
    try:
        app()
    except IllegalOption as e:
        _fail(str(e))


if __name__ == "__main__":  # pragma: no cover
    main()
