"""``peloponnes impact``: what wins. For every component a seat can hold at the end of a game
(a card, a tile, a civilization, a hero, a colony, a luxury good: the variant's ``holdings``),
how much holding it goes with a larger share of the win and a higher final score.

A seat-game is one row: its share of the win (1, or 1/k when k seats tie for first; 0 else) and
its final score. Per component, the model is

    outcome = cell + b * held + c * held * (round - mean round) + d * held * (price - mean price)

``held``: how many of it the seat holds (0 or 1, but for luxury goods); ``cell``: a fixed
effect per seat number and civilization (per seat number alone for a civilization itself), so
that neither the seat nor the civilization a seat was dealt is credited to the component;
``round`` and ``price``: when it was acquired and what was paid for it, centred on their means
over the seats that hold it, so that ``b`` is the change that goes with holding it acquired at
its usual round for its usual price. ``lab.impact_fit`` fits it, intervals clustered by game.

It measures an association, not a cause: a seat that wins may buy a card because it was ahead
already. The controlled experiment (the same seeds with the component changed) is ``sweep``'s
(docs/impact.md). The figures depend only on the records, in seed order: the same for any
number of workers."""
from __future__ import annotations

from collections.abc import Iterable
from contextlib import closing
from dataclasses import dataclass, field, replace

from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import GameFailure, GameRecord, simulate
from peloponnes.lab.batch.executors import Executor, Progress
from peloponnes.lab.compare.stats import Estimate, holm
from peloponnes.lab.impact_fit import Fit, clustered_ols, demeaned, varies

# A component is estimated only when at least this many seat-games hold it and as many do not.
MIN_SEATS = 10
# The kind of component that is itself a confounder: estimated against the seat number alone.
CIVILIZATION = "civilization"


@dataclass
class Held:
    """What one seat-game holds of one component: how many, when acquired (mean round) and for
    what (mean price), each None when the variant does not know it."""
    count: int = 0
    round: float | None = None
    price: float | None = None


@dataclass
class SeatGame:
    """One seat of one game: the game's number, the seat, its civilization, its share of the
    win, its final score and what it held at the end ((component, kind) -> Held)."""
    game: int
    seat: int
    civilization: str
    win: float
    score: float
    held: dict[tuple[str, str], Held]


def _mean(values: list) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def seat_games(record: GameRecord, number: int) -> list[SeatGame]:
    """The rows of one finished game (``number``: its place among the games counted)."""
    rows = []
    for seat, pieces in enumerate(record.holdings):
        grouped: dict[tuple[str, str], list] = {}
        for component, kind, round_, price in pieces:
            grouped.setdefault((component, kind), []).append((round_, price))
        held = {key: Held(len(got), _mean([r for r, _ in got]), _mean([p for _, p in got]))
                for key, got in grouped.items()}
        labels = record.labels[seat] if seat < len(record.labels) else {}
        civilization = labels.get(CIVILIZATION, "")
        win = 1 / len(record.winners) if seat in record.winners else 0.0
        rows.append(SeatGame(number, seat, str(civilization), win, record.scores[seat], held))
    return rows


@dataclass
class Effect:
    """One component's association with the outcome. ``win``/``score``: the change per piece
    held, with its 95% interval (None when it cannot be estimated: ``reason`` says why);
    ``per_round``/``per_price``: how the win share's change moves with each round later and
    each coin more; ``raw_win``: the holders' mean win share less the others', uncontrolled."""
    component: str
    kind: str
    held: int                       # seat-games holding it
    seats: int                      # seat-games in all
    mean_round: float | None
    mean_price: float | None
    raw_win: float | None
    win: Estimate | None = None
    score: Estimate | None = None
    per_round: Estimate | None = None
    per_price: Estimate | None = None
    reason: str = ""
    # p-values of ``win`` and ``score`` (H0: no change), Holm-adjusted over the components
    win_p: float | None = None
    score_p: float | None = None
    # the same model also holding fixed how many pieces of its kind the seat holds: the change
    # of holding it instead of another of its kind (kinds of one component: None)
    win_vs_kind: Estimate | None = None
    score_vs_kind: Estimate | None = None


class Cells:
    """Each row's cell for both kinds of component, and the outcomes demeaned in each, computed
    once for all components."""

    def __init__(self, rows: list[SeatGame]):
        self.rows = rows
        by_seat = [r.seat for r in rows]
        by_seat_and_civilization = [(r.seat, r.civilization) for r in rows]
        self.cells = {True: by_seat, False: by_seat_and_civilization}
        self.counts = {key: len(set(cells)) for key, cells in self.cells.items()}
        self.outcomes = {key: (demeaned([r.win for r in rows], cells),
                               demeaned([r.score for r in rows], cells))
                         for key, cells in self.cells.items()}
        self.games = [r.game for r in rows]
        components: dict[str, set] = {}
        for r in rows:
            for component, kind in r.held:
                components.setdefault(kind, set()).add(component)
        # per kind of several components: how many pieces of it each row holds
        self.kind_totals = {kind: [float(sum(h.count for (_, k), h in r.held.items()
                                             if k == kind)) for r in rows]
                            for kind, names in components.items() if len(names) > 1}


def _centred(rows: list[SeatGame], key, attribute: str) -> list[float]:
    """held * (value - the holders' mean value); 0 where the value is unknown."""
    values = [getattr(r.held[key], attribute) for r in rows if key in r.held]
    mean = _mean(values)
    out = []
    for r in rows:
        held = r.held.get(key)
        value = getattr(held, attribute) if held else None
        out.append(0.0 if value is None or mean is None else held.count * (value - mean))
    return out


def estimate_component(cells: Cells, key: tuple[str, str]) -> Effect:
    """Fit the model of the module's docstring for the component ``key`` (component, kind)."""
    rows = cells.rows
    counts = [float(r.held[key].count) if key in r.held else 0.0 for r in rows]
    holders = [r for r in rows if key in r.held]
    others = len(rows) - len(holders)
    effect = Effect(key[0], key[1], len(holders), len(rows),
                    _mean([r.held[key].round for r in holders]),
                    _mean([r.held[key].price for r in holders]),
                    (sum(r.win for r in holders) / len(holders)
                     - sum(r.win for r in rows if key not in r.held) / others)
                    if holders and others else None)
    if len(holders) < MIN_SEATS or others < MIN_SEATS:
        effect.reason = f"held in {len(holders)} of {len(rows)} seat-games"
        return effect
    own = key[1] == CIVILIZATION
    cell_of = cells.cells[own]
    held = demeaned(counts, cell_of)
    if not varies(held):
        effect.reason = "always held by the same seats or civilizations"
        return effect
    extra = [(name, column) for name, column in
             (("round", demeaned(_centred(rows, key, "round"), cell_of)),
              ("price", demeaned(_centred(rows, key, "price"), cell_of)))
             if varies(column)]
    for kept in (extra, extra[:1], []):     # drop a column that says what another says
        fits = _fits(cells, own, [held, *(column for _, column in kept)])
        if fits is not None:
            break
    else:
        effect.reason = "not separable from the seat or civilization"
        return effect
    win, score = fits
    names = [name for name, _ in kept]
    n = len(holders)
    effect.win, effect.score = win.estimate(0, n), score.estimate(0, n)
    effect.win_p, effect.score_p = win.p_value(0), score.p_value(0)
    if "round" in names:
        effect.per_round = win.estimate(1 + names.index("round"), n)
    if "price" in names:
        effect.per_price = win.estimate(1 + names.index("price"), n)
    totals = cells.kind_totals.get(key[1])
    if totals is not None:
        of_kind = demeaned(totals, cell_of)
        fits = _fits(cells, own, [held, of_kind, *(column for _, column in kept)])
        if varies(of_kind) and fits is not None:
            effect.win_vs_kind = fits[0].estimate(0, n)
            effect.score_vs_kind = fits[1].estimate(0, n)
    return effect


def _fits(cells: Cells, own: bool, columns: list[list[float]]) -> tuple[Fit, Fit] | None:
    """The win share's and the score's fits on ``columns`` (None: collinear)."""
    win_y, score_y = cells.outcomes[own]
    win = clustered_ols(columns, win_y, cells.games, cells.counts[own])
    score = clustered_ols(columns, score_y, cells.games, cells.counts[own])
    return None if win is None or score is None else (win, score)


@dataclass
class Impact:
    """A finished ``impact`` run: the scenario as played, the games asked for, the effects
    (estimated ones by the change in win share, largest first; then the others by name) and
    the failed games (not counted)."""
    scenario: Scenario
    games: int
    counted: int
    effects: list[Effect]
    failures: list[GameFailure] = field(default_factory=list)
    seeds: tuple[int, int] | None = None      # the first and last seed played

    @property
    def estimated(self) -> list[Effect]:
        return [e for e in self.effects if e.win is not None]

    @property
    def seats(self) -> int:
        return len(self.scenario.players)


def analyse(scenario: Scenario, games: int, records: Iterable[GameRecord]) -> Impact:
    """The impact of every component held in ``records`` (a batch of ``scenario``, in order)."""
    rows: list[SeatGame] = []
    failures: list[GameFailure] = []
    counted = 0
    seeds: list[int] = []
    for record in records:
        seeds.append(record.seed)
        if not record.ok:
            failures.append(record.failure)
            continue
        rows.extend(seat_games(record, counted))
        counted += 1
    cells = Cells(rows)
    keys = sorted({key for r in rows for key in r.held})
    effects = [estimate_component(cells, key) for key in keys]
    for name in ("win_p", "score_p"):       # many components: a chance finding is likely
        for effect, adjusted in zip(effects, holm([getattr(e, name) for e in effects]),
                                    strict=True):
            setattr(effect, name, adjusted)
    effects.sort(key=lambda e: (e.win is None, -(e.win.mean if e.win else 0.0), e.component))
    return Impact(scenario, games, counted, effects, failures,
                  (min(seeds), max(seeds)) if seeds else None)


class ImpactCollector:
    """Keeps the records of a comparison's scenarios (``compare --impact``: its ``on_record``)
    and analyses each scenario's."""

    def __init__(self, scenarios: list[Scenario]):
        self.scenarios = scenarios
        self.records: list[list[GameRecord]] = [[] for _ in scenarios]

    def add(self, record: GameRecord) -> None:
        # kept without what the analysis does not read (a long comparison keeps every game)
        self.records[record.scenario].append(replace(record, metrics={}, rounds=[],
                                                     coverage=None))

    def results(self) -> list[Impact]:
        return [analyse(sc, len(records), sorted(records, key=lambda r: r.seed))
                for sc, records in zip(self.scenarios, self.records, strict=True)]


def impact(scenario: Scenario, games: int, *, agent: str | None = None,
           executor: Executor | None = None, progress: Progress | None = None,
           check: str = "end") -> Impact:
    """Play ``games`` games of ``scenario`` (game i with its seed + i; human seats played by the
    heuristic bot, or every seat by ``agent``) and relate what each seat held to its results."""
    played = scenario.with_agents(agent) if agent else scenario.with_bots_for_humans()[0]
    records = simulate(played, games, executor=executor, progress=progress, check=check)
    with closing(records):      # however the analysis ends: the executor's workers end now
        return analyse(played, games, records)
