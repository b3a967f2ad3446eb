"""A few trial games of a scenario with restricted seats (``forbid``), to tell the designer what
the restriction does before a batch relies on it: a forbidden decision kind never asked of the
seat, or an option pattern that matches no option the seat was offered, is a warning naming what
was offered (a decision kind is only known once the rules ask it, house rules adding their own);
and how often a seat had options removed, or every option forbidden (so it chose among all).

The trial plays the seats' own agents, the slow searching ones (mcts, learned) and human seats
played by the heuristic bot, on the scenario's first seeds."""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from fnmatch import fnmatchcase

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.scenario import Scenario, parse_forbid

TRIAL_GAMES = 20
QUICK_STAND_IN = "heuristic"
SLOW_KINDS = ("mcts", "learned", "human")


@dataclass
class SeatTrial:
    """What one restricted seat met in the trial games."""
    name: str
    forbid: tuple[str, ...]
    offered: dict[str, set] = field(default_factory=lambda: defaultdict(set))  # kind -> ids
    narrowed: Counter = field(default_factory=Counter)
    forced: Counter = field(default_factory=Counter)
    overruled: Counter = field(default_factory=Counter)

    def notes(self, games: int) -> list[tuple[str, str]]:
        """("warning", text) for each entry that did nothing, then ("note", text): how often
        the restriction changed the seat's decisions."""
        out = []
        for entry in self.forbid:
            kind, pattern = parse_forbid(entry)
            if kind not in self.offered:
                asked = ", ".join(sorted(self.offered)) or "none"
                out.append(("warning", f"{self.name} forbids '{entry}', but no '{kind}' decision"
                                       f" was asked of it in {games} trial games (kinds asked:"
                                       f" {asked})"))
            elif not any(fnmatchcase(o, pattern) for o in self.offered[kind]):
                ids = ", ".join(sorted(self.offered[kind]))
                out.append(("warning", f"{self.name} forbids '{entry}', which matched none of"
                                       f" the '{kind}' options offered in {games} trial games"
                                       f" ({ids})"))
        narrowed, forced = sum(self.narrowed.values()), sum(self.forced.values())
        line = (f"{self.name} never takes {', '.join(self.forbid)}: in {games} trial games"
                f" options were removed at {narrowed / games:.1f} of its decisions a game")
        if forced:
            kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.forced.items()))
            line += (f"; at {forced / games:.1f} a game every option was forbidden and it chose"
                     f" among all ({kinds})")
        overruled = sum(self.overruled.values())
        if overruled:
            line += (f"; its bot still answered a forbidden option {overruled} times, replaced"
                     " by the first allowed one")
        out.append(("note", line))
        return out


def quick_stand_ins(scenario: Scenario) -> Scenario:
    """The scenario with its slow or human seats played by the heuristic bot."""
    return replace(scenario, players=tuple(
        replace(p, agent=QUICK_STAND_IN, settings={}) if p.agent in SLOW_KINDS else p
        for p in scenario.players))


def trial_notes(ruleset, scenario: Scenario, games: int = TRIAL_GAMES,
                agent: str | None = None) -> list[tuple[str, str]]:
    """The notes on every restricted seat of ``scenario`` (loaded with ``ruleset``) after
    ``games`` trial games (``agent``: every seat's agent instead, as ``--agent`` says); none
    when no seat forbids anything."""
    seats = {i: SeatTrial(p.name, p.forbid) for i, p in enumerate(scenario.players) if p.forbid}
    if not seats:
        return []
    if agent in SLOW_KINDS:
        agent = QUICK_STAND_IN
    trial = quick_stand_ins(scenario)

    def seen(game, decision, option_id, who) -> None:
        seat = seats.get(decision.seat)
        if seat is not None:
            seat.offered[decision.kind].update(o.id for o in decision.options)

    for i in range(games):
        game = Game(ruleset, trial, seed=scenario.seed + i)
        agents = make_agents(game, override=agent)
        play(game, agents, on_answer=seen, check="none")
        for index, seat in seats.items():
            seat.narrowed.update(agents[index].restriction.narrowed)
            seat.forced.update(agents[index].restriction.forced)
            seat.overruled.update(agents[index].restriction.overruled)
    return [note for seat in seats.values() for note in seat.notes(games)]
