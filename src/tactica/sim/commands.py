"""The ``tactica simulate`` and ``tactica report`` commands (registered on the CLI's app)."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Annotated

import typer

from tactica.core.rules import RulesError


def _fail(msg: str) -> None:
    typer.secho(f"error: {msg}", fg=typer.colors.RED, err=True)
    raise typer.Exit(2)


def simulate_command(
    game: Annotated[str, typer.Option("--game", help="Rules module id (see `tactica games`).")],
    scenario: Annotated[str, typer.Option("--scenario", help="Scenario id.")],
    agents: Annotated[str, typer.Option("--agents", help="One agent per seat, comma-separated, e.g. "
                                        "random,scripted (the registry of tactica.ai).")] = "random,random",
    games: Annotated[int, typer.Option("--games", help="Games to play (rounded up so every seed is played "
                                       "with sides swapped).")] = 100,
    seed: Annotated[int, typer.Option(help="First seed; seeds seed, seed+1, ... are used.")] = 0,
    workers: Annotated[int | None, typer.Option(help="Local worker processes (default: one per core).")]
    = None,
    ray: Annotated[str | None, typer.Option("--ray", help="Run on the Ray cluster at this address "
                                            "('auto' for the local one) instead of local workers.")] = None,
    batch: Annotated[int | None, typer.Option(help="Games per batch sent to a worker (default: automatic).")]
    = None,
    out: Annotated[Path, typer.Option(help="Results as JSON (read by `tactica report`).")]
    = Path("sim/results.json"),
    csv: Annotated[Path | None, typer.Option(help="Results as CSV (default: beside --out).")] = None,
    progress: Annotated[bool, typer.Option(help="Show a progress bar on stderr.")] = True,
) -> None:
    """Play many games between agents (paired seeds, sides swapped) on local worker processes or a
    Ray cluster; write the results as JSON and CSV."""
    from tactica.sim.progress import ProgressBar
    from tactica.sim.results import save
    from tactica.sim.runner import plan
    from tactica.sim.simulate import SeatBalanceWarning, simulate

    specs = [a.strip() for a in agents.split(",") if a.strip()]
    total = len(plan(game, scenario, specs, games))
    bar = ProgressBar(total) if progress else None
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", SeatBalanceWarning)
            run = simulate(game, scenario, specs, games, seed=seed, workers=workers, ray_address=ray,
                           batch_size=batch, progress=bar)
        for w in caught:
            typer.secho(f"warning: {w.message}", fg=typer.colors.YELLOW, err=True)
    except (RulesError, ValueError, RuntimeError) as e:
        _fail(str(e))
    except ConnectionError as e:
        _fail(f"cannot reach the Ray cluster at {ray}: {e}")
    csv_path = csv if csv is not None else out.with_suffix(".csv")
    save(run, out, csv_path)
    where = f"Ray at {ray}" if ray else f"{run.workers} worker(s)"
    typer.echo(f"{len(run.games)} games in {run.seconds:.1f} s on {where} "
               f"({len(run.games) / max(run.seconds, 1e-9):.1f} games/s); results: {out}, {csv_path}")


def report_command(
    files: Annotated[list[Path], typer.Argument(help="Simulation results (JSON from `tactica simulate`).")],
    out: Annotated[Path, typer.Option(help="Folder for report.json, index.html and the plots.")]
    = Path("sim/report"),
    plots: Annotated[bool, typer.Option(help="Draw PNG plots (needs matplotlib: the sim extra).")] = True,
) -> None:
    """Win rates with 95% Wilson intervals, per-seat figures, game-length and VP distributions and a
    balance verdict per scenario; printed, and written as JSON, PNG plots and an HTML page."""
    from tactica.sim.report import text_summary, write_report
    from tactica.sim.results import load

    try:
        runs = [load(f) for f in files]
    except (OSError, ValueError, KeyError) as e:
        _fail(f"cannot read simulation results: {e}")
    rep = write_report(runs, out, plots=plots)
    typer.echo(text_summary(rep))
    typer.echo(f"report: {out / 'index.html'}")


def balance_command(
    root: Annotated[Path, typer.Option("--root", help="The results files (<module>/<scenario>.json) and "
                                       "the pages.")] = Path("docs/balance"),
    data: Annotated[Path | None, typer.Option("--data", help="The folder of the module packages, where "
                                              "<module>/data/balance.yaml goes (default: the installed "
                                              "tactica.games).")] = None,
    check: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 if a page, a plot or a "
                                        "data file is out of date.")] = False,
) -> None:
    """The balance pages (docs/balance/<module>.md, README.md, plots) and the lobby's balance data
    (games/<module>/data/balance.yaml) from the committed results files
    docs/balance/<module>/<scenario>.json."""
    from tactica.sim.balance import check as check_pages
    from tactica.sim.balance import write
    from tactica.sim.balance_data import BalanceError

    try:
        if check:
            problems = check_pages(root, data)
            for p in problems:
                typer.echo(p)
            if problems:
                typer.secho("the balance pages are out of date with their results files: "
                            "run `tactica balance`", fg=typer.colors.RED, err=True)
                raise typer.Exit(1)
            typer.echo("the balance pages and data are up to date")
            return
        written = write(root, data)
    except BalanceError as e:
        _fail(f"{e} (nothing written)")
    except ImportError as e:
        _fail(f"the plots need matplotlib (the sim extra): {e}")
    here = Path.cwd().resolve()
    for path in written:
        full = path.resolve()
        typer.echo(f"wrote {full.relative_to(here) if full.is_relative_to(here) else path}")
    typer.echo(f"{len(written)} file(s) written" if written else "everything was up to date")


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
    app.command("report")(report_command)
    app.command("balance")(balance_command)
