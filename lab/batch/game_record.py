"""One per-game record: what a batch keeps of a finished (or failed) game. Small and picklable,
because it crosses process boundaries; ``simulate`` and ``compare`` both use it."""
from __future__ import annotations

from dataclasses import dataclass, field
from math import fsum, isfinite
from typing import Any

from peloponnes.core.engine import Game
from peloponnes.core.errors import PluginError, SandboxError
from peloponnes.core.plugins import Ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.coverage import Coverage, Watcher
from peloponnes.lab.simulate import run_game


@dataclass
class GameFailure:
    """A game that raised: its seed and, when known, the plugin, hook and rule to blame."""
    scenario: int
    seed: int
    message: str
    plugin: str | None = None
    hook: str | None = None
    rule: str | None = None

    def as_dict(self) -> dict:
        return {"scenario": self.scenario, "seed": self.seed, "plugin": self.plugin,
                "hook": self.hook, "rule": self.rule, "message": self.message}

    def describe(self) -> str:
        """``seed 7, plugin x.py, hook compute_income, rule ...: ZeroDivisionError ...``"""
        parts = [f"seed {self.seed}"]
        if self.plugin:
            parts.append(f"plugin {self.plugin}")
        if self.hook:
            parts.append(f"hook {self.hook}")
        if self.rule:
            parts.append(f"rule {self.rule}")
        return ", ".join(parts) + f": {self.message}"


@dataclass
class GameRecord:
    """One game of a batch: the scenario it belongs to (an index into the batch's scenarios),
    its seed, each seat's final score, the winners (seats sharing first place), the seat first
    in the initial turn order, each seat's labels (``describe_seat``: civilization, hero, ...;
    a label's value is a string or a list of strings) and every metric (``Game.metrics``:
    the plugins' and the generic ones; values that are no finite number become None). A game
    that raised has ``failure`` set and nothing else. ``coverage`` counts what the game exercised
    when the batch watches it. ``rounds`` holds each round's ``measure_round`` metrics as
    numbers (a value per seat becomes the seats' mean). ``holdings``: what each seat held at the
    end (``seat_holdings``; ``peloponnes impact`` relates it to the results)."""
    seed: int
    scenario: int = 0
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    first_player: int | None = None
    labels: list[dict] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)
    failure: GameFailure | None = None
    coverage: Coverage | None = None      # when the batch watches (``lab.coverage``)
    rounds: list[dict] = field(default_factory=list)    # per round: metric -> number
    # per seat, a (component, kind, round, price) per piece it holds at the end
    holdings: list[tuple] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failure is None


def _number(value: Any) -> float | None:
    """``value`` as a number for the tally: a finite int or float as it is, a bool as 0 or 1,
    anything else None."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)) and isfinite(value):
        return value
    return None


def _numbers(metrics: dict) -> dict:
    """Every metric of a game as a number for the tally (``_number``; None where it is none)."""
    return {name: _number(value) for name, value in metrics.items()}


def seat_labels(game: Game) -> list[dict]:
    """Each seat's ``describe_seat`` labels, as strings (lists stay lists of strings)."""
    return [{str(k): [str(x) for x in v] if isinstance(v, (list, tuple)) else str(v)
             for k, v in game.describe_seat(seat.index).items() if v is not None}
            for seat in game.seats]


def seat_holdings(game: Game) -> list[tuple]:
    """What each seat holds at the end (every ``holdings`` result joined, the base variant's
    first), each piece as (component, kind, round acquired, price paid): small to send home."""
    out = []
    with game.ruleset.guard("holdings", game.phase):
        for seat in game.seats:
            parts = reversed(game.hook.holdings(game=game, seat=seat.index))
            out.append(tuple((p["component"], p["kind"], p.get("round"), p.get("price"))
                             for part in parts if part for p in part))
    return out


def round_numbers(metrics: dict) -> dict:
    """A round's metrics as numbers: a list per seat becomes its mean; others must be numbers."""
    out = {}
    for name, value in metrics.items():
        if isinstance(value, (list, tuple)):
            values = [n for n in map(_number, value) if n is not None]
            number = fsum(values) / len(values) if values else None
        else:
            number = _number(value)
        if number is not None:
            out[str(name)] = number
    return out


def record_game(game: Game, scenario: int = 0) -> GameRecord:
    """The record of a finished game."""
    result = game.result
    order = game.initial_turn_order
    return GameRecord(seed=game.seed, scenario=scenario,
                      scores=[score.value for score in result.scores],
                      winners=list(result.winners),
                      first_player=order[0] if order else None,
                      labels=seat_labels(game), metrics=_numbers(game.metrics()),
                      rounds=[round_numbers(measured) for measured in game.round_metrics],
                      holdings=seat_holdings(game))


def play_game(ruleset: Ruleset, scenario: Scenario, seed: int, index: int = 0,
              watcher: Watcher | None = None, check: str = "end") -> GameRecord:
    """Play one game of ``scenario`` (number ``index`` of its batch) with ``seed`` and record it,
    checking the invariants as ``check`` says (``playing.play``); a game that raises or breaks an
    invariant is recorded as a failure naming the plugin, hook and rule, not raised. With a
    ``watcher`` (of this ruleset) the record carries the game's coverage."""
    try:
        if watcher is None:
            return record_game(run_game(ruleset, scenario, seed, check=check), index)
        game = run_game(ruleset, scenario, seed, on_start=watcher.start,
                        on_answer=watcher.answer_observer(scenario), check=check)
        record = record_game(game, index)
        record.coverage = watcher.finish(game)
        return record
    except SandboxError as exc:
        error = exc
    except Exception as exc:  # a hook called after the game ended (collect_metrics, ...)
        error = ruleset.blame(exc)
    return GameRecord(seed, index, failure=failure_of(error, index, seed))


def failure_of(error: SandboxError, index: int, seed: int) -> GameFailure:
    """The failure of game ``seed`` of scenario ``index`` that raised ``error``: the plugin, hook
    and rule a PluginError blames (none for another error of the sandbox's), and its message."""
    if not isinstance(error, PluginError):
        error = PluginError(str(error))
    detail = str(error).split(" | ")[0]
    return GameFailure(index, seed, detail, error.plugin, error.hook, error.rule)
