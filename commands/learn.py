"""Commands of the learned agent: ``train`` (self-play, then the model cached for the ruleset)
and ``models`` (list, clear, save to a file, load from one); and ``ensure_models``, which the
batch and table commands call so that a learned seat with no model is trained first, with a
progress bar, before any game starts."""
from __future__ import annotations

import time
from pathlib import Path

import click
from rich.markup import escape
from rich.table import Table

from peloponnes.agents.learned.device import DEVICES
from peloponnes.commands.common import (
    GAMES,
    CliError,
    console,
    err_console,
    executor_options,
    friendly_errors,
    load,
    progress_bar,
    trust_option,
    workers_option,
)
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset

NEEDS_EXTRA = "pip install 'peloponnes-sandbox[learn]'"


def _learning():
    """The learned agent's modules (scikit-learn and numpy needed), or a one-line error."""
    try:
        import numpy  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError:
        raise CliError(f"the learned agent needs scikit-learn and numpy: {NEEDS_EXTRA}"
                       ) from None
    from peloponnes.agents.learned import store, training
    from peloponnes.lab import training as lab_training
    return store, training, lab_training


def _train(scenario, games: int, seed: int, workers: int, executor: str, address, why: str,
           device: str = "auto"):
    """Train a model for ``scenario`` with a progress bar (ETA); returns (model, cache path)."""
    store, training, lab_training = _learning()
    plan = training.Plan(games=games, seed=seed, device=device)
    err_console.print(why, highlight=False, soft_wrap=True)
    started = time.perf_counter()
    with progress_bar() as progress:
        task = progress.add_task("self-play", total=plan.total())
        model, path = lab_training.train_scenario(
            scenario, plan, workers=workers, executor=executor, address=address,
            progress=lambda done, total, what: progress.update(
                task, completed=done, total=total, description=escape(what)))
    fitted_on = model.info.get("value_model_fitted_on", "CPU")
    err_console.print(f"trained in {time.perf_counter() - started:.0f} s, the value model fitted"
                      f" on the {escape(fitted_on)}: ruleset {store.short(model.digest)}, cached"
                      f" as {escape(str(path))}", highlight=False, soft_wrap=True)
    return model, path


def games_text(training, games: int) -> str:
    """What a training of ``games`` plays, for the messages: both kinds of games."""
    labelled = training.Plan(games=games).distill_count()
    return (f"{games} self-play games, then {labelled} rated by the look-ahead to distil its"
            " policy")


def ensure_models(scenarios, agent: str | None = None, *, workers: int | None = None,
                  executor: str = "local", address: str | None = None) -> None:
    """Before a batch or a game: train (and cache) a model for every scenario with a learned
    seat (or all seats, ``agent="learned"``) whose rules have none yet, saying so, for how many
    games, and showing a progress bar. Seats given a model file are left to the agent."""
    todo = []
    for scenario in scenarios:
        learned = [p for p in scenario.players if (agent or p.agent) == "learned"]
        if learned and not any(agent is None and p.settings.get("model") for p in learned):
            todo.append((scenario, learned[0].settings.get("training_games") if agent is None
                         else None))
    if not todo:
        return
    store, training, _lab = _learning()
    for scenario, games in todo:
        ruleset, sc = load_ruleset(scenario)
        digest = store.ruleset_digest(ruleset, sc)
        if store.find(digest) is not None:
            continue
        games = games or training.DEFAULT_GAMES
        _train(sc, games, 0, workers or 1, executor, address,
               f"no learned model for the rules of {escape(sc.name or sc.where)} yet (ruleset"
               f" {store.short(digest)}): training one first, once: {games_text(training, games)}"
               f" (defaults: 1 to 3 minutes on 2 cores; cached in"
               f" {escape(str(store.cache_folder()))})")


def trained_first(progress, *, workers: int | None, executor: str, address: str | None):
    """For a batch whose scenarios are made as it runs (``sweep``'s grid points): a function
    that trains the models ``ensure_models`` would for those scenarios, before their games, on
    the workers, with the batch's ``progress`` bar hidden meanwhile (each training shows its
    own)."""
    def prepare(scenarios) -> None:
        progress.stop()
        ensure_models(scenarios, workers=workers, executor=executor, address=address)
        progress.start()
    return prepare


# --- train ---------------------------------------------------------------------------------------

@click.command(name="train")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=GAMES, default=None,
              help="Self-play games to learn from (default: 600, and 400 more (two thirds as "
                   "many) rated by the look-ahead to distil the policy: about 1.2 minutes on 2 "
                   "cores in the card game, 3 in Heroes & Colonies).")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Seed of the self-play games and the fitting: the same seed, the same model.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also write the model to FILE (for `peloponnes models load` elsewhere).")
@click.option("--device", type=click.Choice(DEVICES), default="auto", show_default=True,
              help="Where the value model is fitted: auto uses a GPU where PyTorch sees one "
                   "(scikit-learn's array API), else the CPU; gpu fails where none is usable. "
                   "The policy's trees and the games always run on the CPU.")
@workers_option("1")
@executor_options
@trust_option
@friendly_errors
def train_cmd(scenario, games, seed, output, device, workers, executor_kind, address, trust):
    """Train the learned agent for the rules of SCENARIO (variant, options, plugins, component
    values, number of seats) by self-play, and cache the model: `agent = "learned"` and
    `--agent learned` then play with it. The model is the same for any number of workers."""
    store, training, _lab = _learning()
    _ruleset, sc = load(scenario, trust)
    games = games or training.DEFAULT_GAMES
    model, _path = _train(sc, games, seed, workers or 1, executor_kind, address,
                          f"training the learned agent for {escape(sc.name or scenario)}:"
                          f" {games_text(training, games)} (seed {seed})", device)
    if output:
        try:
            written = model.save(output)
        except OSError as exc:
            raise CliError(f"cannot write the model to {output}: {exc.strerror or exc}"
                           ) from None
        err_console.print(f"wrote the model to {escape(str(written))}", highlight=False)


# --- models --------------------------------------------------------------------------------------

@click.group(name="models", invoke_without_command=True)
@click.pass_context
def models_cmd(ctx):
    """The learned agent's models, one per ruleset, cached in $XDG_CACHE_HOME/peloponnes/models
    (default ~/.cache/peloponnes/models). Without a subcommand: the list."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(list_cmd)


@models_cmd.command(name="list")
@friendly_errors
def list_cmd():
    """List the cached models: ruleset digest, variant, seats, plugins, size, date."""
    store, _training, _lab = _learning()
    found = store.cached()
    if not found:
        console.print(f"no learned models cached in {escape(str(store.cache_folder()))}",
                      highlight=False)
        return
    table = Table(title=f"Learned models in {escape(str(store.cache_folder()))}")
    for column in ("ruleset", "variant", "seats", "plugins", "games", "size", "date"):
        table.add_column(column, no_wrap=column == "ruleset")
    for path, model in found:
        info = model.info
        table.add_row(store.short(model.digest), info.get("variant", "?"),
                      str(info.get("seats", "?")), escape(", ".join(info.get("plugins", []))
                                                          or "-"),
                      str(info.get("games", "?")), f"{path.stat().st_size / 1024:.0f} KiB",
                      info.get("created", "?")[:16].replace("T", " "))
    console.print(table)


@models_cmd.command(name="clear")
@friendly_errors
def clear_cmd():
    """Delete every cached model."""
    store, _training, _lab = _learning()
    removed = store.clear()
    console.print(f"removed {removed} learned model{'s' if removed != 1 else ''} from"
                  f" {escape(str(store.cache_folder()))}", highlight=False)


@models_cmd.command(name="save")
@click.argument("ruleset")
@click.argument("file", type=click.Path(dir_okay=False))
@trust_option
@friendly_errors
def save_cmd(ruleset, file, trust):
    """Write the cached model of RULESET (a digest as `peloponnes models` lists it, or a
    scenario whose rules it learned) to FILE."""
    store, _training, _lab = _learning()
    found = store.find_by_prefix(ruleset) if not Path(ruleset).suffix else None
    if found is None:
        try:
            loaded, sc = load(ruleset, trust)
        except ConfigError:
            raise CliError(f"'{ruleset}' is neither a cached model's digest (see `peloponnes"
                           " models`) nor a scenario") from None
        model = store.find(store.ruleset_digest(loaded, sc))
        if model is None:
            raise CliError(f"no learned model cached for the rules of {ruleset}: train one with"
                           f" `peloponnes train {ruleset}`")
    else:
        model = found[1]
    target = Path(file)
    if target.exists():
        raise CliError(f"{file} exists: a model is never written over another file; give a new"
                       " name")
    if not target.parent.is_dir():
        raise CliError(f"cannot write the model to {file}: no folder {target.parent}")
    try:
        written = model.save(file)
    except OSError as exc:
        raise CliError(f"cannot write the model to {file}: {exc.strerror or exc}") from None
    console.print(f"wrote the model of ruleset {store.short(model.digest)} to"
                  f" {escape(str(written))}", highlight=False)


@models_cmd.command(name="load")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("scenario", required=False)
@trust_option
@friendly_errors
def load_cmd(file, scenario, trust):
    """Put the model in FILE into the cache, for the ruleset it was trained for. With SCENARIO:
    only if it was trained for that scenario's rules (refused otherwise)."""
    store, _training, _lab = _learning()
    model = store.ValueModel.load(file)
    if scenario is not None:
        loaded, sc = load(scenario, trust)
        store.check_fits(model, store.ruleset_digest(loaded, sc), file)
    path = store.store(model)
    info = model.info
    console.print(f"loaded the model of ruleset {store.short(model.digest)}"
                  f" ({escape(str(info.get('variant', '?')))}, {info.get('seats', '?')} seats)"
                  f" into {escape(str(path))}", highlight=False)
