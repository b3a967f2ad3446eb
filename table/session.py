"""A game at the table: bots answer for their seats, people are asked through a front (the
terminal prompt, a test script), and the session keeps what a table needs and the engine does
not: what each person has not yet been told, undo, and one save file per game.

No terminal input or output here: ``core.prompt`` is the terminal front.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, IllegalAnswer, PluginError, SandboxError
from peloponnes.core.playing import check_invariants
from peloponnes.table.narrate import narrate
from peloponnes.table.record import save_game

UNDO = "\x00undo"          # what a front returns to take back the asking seat's last decision


class StopTable(SandboxError):
    """The game at the table stopped early (input ended, interrupted, a plugin failed); the game
    so far is saved to ``path``."""

    def __init__(self, message: str, path: Path, *, plugin_failed: bool = False):
        super().__init__(f"{message}; the game so far is saved to {path}")
        self.path = path
        self.plugin_failed = plugin_failed


@dataclass(frozen=True)
class Undone:
    """What an undo took back: the answers' labels, oldest first."""
    labels: tuple[str, ...]


def unused_path(folder: Path, stem: str) -> Path:
    """``folder/stem.toml``, or ``stem-2.toml``, ``stem-3.toml``... : a name no file has yet.
    Only a guess at what a new game's save will be called: its first save claims the name by
    creating the file exclusively (``record.save_game``), so a game saved at the same moment
    elsewhere takes the next one."""
    path = folder / f"{stem}.toml"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.toml"
        number += 1
    return path


class TableSession:
    """One game with people at it. ``ask(session, seat, decision)`` is the front: it returns an
    option id, or ``UNDO``. ``save_path`` is this game's one save file (a resumed game keeps
    its file; a new one claims a fresh name in ``save_dir`` when it is first saved)."""

    def __init__(self, ruleset, scenario, *, seed: int | None = None, answers=(),
                 save_dir: Path | str = "saves", save_path: Path | None = None,
                 check: bool = False):
        self.ruleset = ruleset
        self.check = check          # the invariants after every decision (else at the end)
        self.scenario = scenario
        self.seed = scenario.seed if seed is None else seed
        self.ask: Callable | None = None
        self.humans = [i for i, p in enumerate(scenario.players) if p.agent == "human"]
        # a new game's file is claimed by its first save, as NAME.toml or the first free NAME-N
        self.fresh_name: Path | None = None
        if save_path is None:
            stem = f"{ruleset.variant.name}-{datetime.now():%Y%m%d-%H%M%S}-seed{self.seed}"
            self.fresh_name = Path(save_dir) / f"{stem}.toml"
            save_path = unused_path(Path(save_dir), stem)
        self.save_path = Path(save_path)
        self.told: dict[int, int] = {}      # seat -> events told so far
        try:
            self._rebuild(list(answers))
        except PluginError as exc:
            if answers:
                raise                   # a resumed game: its own save stays as it was
            # a plugin failed before the first decision: the game is saved all the same (no
            # answers yet), so `replay` shows the same failure
            self.game = Game(ruleset, scenario, seed=self.seed)
            raise StopTable(str(exc), self.save(str(exc)), plugin_failed=True) from None
        if answers:     # a resumed game retells the round it stopped in
            starts = [e.seq for e in self.game.events if e.kind == "round_started"]
            self.told = dict.fromkeys(self.humans, starts[-1] if starts else 0)

    # --- the game -----------------------------------------------------------------------------
    def _rebuild(self, answers: list[str]) -> None:
        """A fresh game fed ``answers``, every bot asked again on the way so its random state is
        what it would be had the game never stopped (undo and resume are exact). The session
        switches to the new game only once it is complete."""
        game = Game(self.ruleset, self.scenario, seed=self.seed)
        agents = make_agents(game, ask=self._ask_front)
        seats, labels = [], []
        game.start()
        for i, answer in enumerate(answers):
            decision = game.pending
            if decision is None:
                raise IllegalAnswer(f"the game ended after {i} answers but {len(answers)} were"
                                    " given (were the rules or plugins changed?)")
            agent = agents[decision.seat]
            # a bot whose answers depend on nothing but the game (mcts) need not be asked again
            if decision.seat not in self.humans and not getattr(agent, "stateless", False):
                view = (self.guarded("view_for_seat", game.view, decision.seat)
                        if agent.needs_view else None)
                self.guarded("choose_heuristic", agent.choose, view, decision)
            labels.append(self._label(decision, answer))
            seats.append(decision.seat)
            game.choose(answer)
        self.game, self.agents = game, agents
        self.answer_seats, self.answer_labels = seats, labels

    @staticmethod
    def _label(decision, option_id: str) -> str:
        option = decision.option(option_id)
        return option.label if option is not None else option_id

    def _answer(self, option_id: str) -> None:
        decision = self.game.pending
        self.game.choose(option_id)
        self.answer_seats.append(decision.seat)
        self.answer_labels.append(self._label(decision, option_id))

    def _ask_front(self, view, decision):
        return self.ask(self, decision.seat, decision)

    def view(self, seat: int) -> dict | None:
        if not self.agents[seat].needs_view:
            return None
        return self.guarded("view_for_seat", self.game.view, seat)

    def guarded(self, hook: str, call, *args, **kwargs):
        """``call(*args, **kwargs)``, which asks plugins: an exception becomes a PluginError
        naming the plugin and ``hook`` (when the traceback does not name a hook itself)."""
        try:
            return call(*args, **kwargs)
        except (SandboxError, KeyboardInterrupt):
            raise
        except Exception as exc:
            error = self.ruleset.blame(exc)
            if error.hook is None:
                error = PluginError(str(error).split(" | ")[0], plugin=error.plugin, hook=hook,
                                    rule=error.rule)
            raise error from exc

    def run(self, ask: Callable) -> Game:
        """Play to the end. Interruptions and plugin failures save the game and raise
        StopTable; a finished game is saved too."""
        self.ask = ask
        try:
            while self.game.pending is not None:
                decision = self.game.pending
                agent = self.agents[decision.seat]
                if decision.seat in self.humans:
                    answer = agent.choose(self.view(decision.seat), decision)
                    if answer == UNDO:
                        continue        # the front called undo(); a new decision is pending
                else:   # a bot: its failure, or an answer not offered, blames its plugin
                    answer = self._bot_answer(agent, decision)
                self._answer(answer)
                if self.check:
                    check_invariants(self.game)
            check_invariants(self.game)
        except KeyboardInterrupt:
            raise StopTable("interrupted", self.save("interrupted")) from None
        except EOFError:
            raise StopTable("input ended", self.save("input ended")) from None
        except PluginError as exc:
            raise StopTable(str(exc), self.save(str(exc)), plugin_failed=True) from None
        self.save("finished")
        return self.game

    def _bot_answer(self, agent, decision) -> str:
        """A bot's answer (``Game.ask``); a searching bot (``on_progress``) shows the front's
        "thinking" indicator (``front.thinking(name)``, a context manager giving a progress
        callback)."""
        thinking = getattr(self.ask, "thinking", None)
        if thinking is None or not hasattr(agent, "on_progress"):
            return self.game.ask(agent)
        with thinking(self.game.seats[decision.seat].name) as progress:
            agent.on_progress = progress
            try:
                return self.game.ask(agent)
            finally:
                agent.on_progress = None

    # --- what people are told -----------------------------------------------------------------
    def news(self, seat: int) -> list[str]:
        """What ``seat`` has not been told yet, in words for that seat; marks it told."""
        start = self.told.get(seat, 0)
        events = self.game.events[start:]
        self.told[seat] = len(self.game.events)
        return self.guarded("describe_event", narrate, self.game, events, seat)

    def history(self, seat: int) -> list[str]:
        """The whole game so far, in words for ``seat``."""
        return self.guarded("describe_event", narrate, self.game, self.game.events, seat)

    # --- undo ---------------------------------------------------------------------------------
    def undo(self, seat: int) -> Undone:
        """Take back ``seat``'s last decision (and the bots' answers after it): the game is
        rebuilt from the answers before it, so that decision is asked again. Refused when
        nothing is left to take back or another person has answered since."""
        mine = [i for i, s in enumerate(self.answer_seats) if s == seat]
        if not mine:
            raise IllegalAnswer("there is no decision of yours to take back")
        last = mine[-1]
        others = {self.scenario.players[s].name for s in self.answer_seats[last + 1:]
                  if s in self.humans and s != seat}
        if others:
            raise IllegalAnswer(f"{', '.join(sorted(others))} answered since; only your own"
                                " decisions can be taken back")
        labels = tuple(label for s, label in zip(self.answer_seats[last:],
                                                 self.answer_labels[last:], strict=True)
                       if s == seat)
        told = dict(self.told)
        self._rebuild(self.game.answers[:last])
        self.told = {s: min(n, len(self.game.events)) for s, n in told.items()}
        self.told[seat] = len(self.game.events)
        return Undone(labels)

    # --- saving -------------------------------------------------------------------------------
    def save(self, note: str = "") -> Path:
        game = self.game
        where = "finished" if game.finished else f"round {game.round}"
        note = f"{note or 'saved'} ({where})"
        if self.fresh_name is None:         # the game's own file: replaced whole
            return save_game(game, self.save_path, note=note, overwrite=True)
        self.save_path = save_game(game, self.fresh_name, note=note)    # a file of its own
        self.fresh_name = None
        return self.save_path


def seat_person(scenario, *, seat: int | None = None, name: str | None = None):
    """The scenario with a person at ``seat`` (counted from 1) or at the seat of the player
    called ``name``; the scenario's other human seats become heuristic bots. Without either,
    the scenario as it is; a scenario without a human seat is refused with the way out."""
    players = scenario.players
    where = scenario.source or scenario.name or "scenario"
    if name is not None:
        found = [i for i, p in enumerate(players) if p.name.lower() == name.lower()]
        if not found:
            raise ConfigError(f"no player called '{name}' (players: "
                              f"{', '.join(p.name for p in players)})", where=where)
        seat = found[0] + 1
    if seat is None:
        if not any(p.agent == "human" for p in players):
            raise ConfigError("this scenario has no human seat: take one with --seat N (1-"
                              f"{len(players)}) or --as NAME", where=where)
        return scenario
    if not 1 <= seat <= len(players):
        raise ConfigError(f"--seat {seat}: the game has seats 1-{len(players)}", where=where)
    return replace(scenario, players=tuple(
        replace(p, agent="human", settings={}) if i == seat - 1 else
        (replace(p, agent="heuristic") if p.agent == "human" else p)
        for i, p in enumerate(players)))
