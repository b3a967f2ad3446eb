"""Forking a game: ``Game.fork`` copies a game at its pending decision, for search.

Generators cannot be copied, so a game that may be forked (``enable_forking``) snapshots its
table at every phase boundary (``core.snapshot``); a fork loads the snapshot and replays the
answers given since. ``Game`` takes these methods from ``Forking``; they use only the engine's
own fields (``ENGINE_FIELDS``, the generator ``_play``, ``choose``, ``_advance``)."""
from __future__ import annotations

import random
from dataclasses import dataclass

from .errors import SandboxError
from .snapshot import SharedObjects, dump_table, load_table


@dataclass(frozen=True)
class Checkpoint:
    """The game at the start of a phase: where (stage, round number, the stage's phase list,
    the phase's index), the pickled table, the RNG state and the lengths of the logs."""
    position: tuple
    table: bytes
    rng_state: tuple
    events: int
    answers: int
    rounds: int | None
    phases: int = 0     # phases run before this one (``Game._phases_run``)


class Forking:
    """The forking half of ``core.engine.Game``."""
    __slots__ = ()      # (``Game`` keeps its own fields in slots)

    def enable_forking(self) -> Forking:
        """Snapshot the table at every phase boundary from now on, so that ``fork`` loads a
        snapshot instead of replaying the whole game. Search agents call it when they join a
        game; it costs a pickling per phase."""
        if self._shared is None:
            self._shared = SharedObjects(self.components, self.ruleset, self.hook)
        self._snapshotting = True
        return self

    def _table(self) -> dict:
        """The table: every attribute of the game but the engine's own (``ENGINE_FIELDS``),
        its own slots first, in their order, then what plugins set on it."""
        table = {name: getattr(self, name) for name in self.TABLE_SLOTS if hasattr(self, name)}
        table.update(vars(self))
        return table

    def _take_checkpoint(self, position: tuple) -> Checkpoint:
        return Checkpoint(position=position, table=dump_table(self._table(), self._shared, self),
                          rng_state=self.rng.getstate(), events=len(self.events),
                          answers=len(self.answers), rounds=self._rounds,
                          phases=len(self._phases_run))

    def fork(self, *, forkable: bool = False) -> Forking:
        """An independent copy of this game at the same pending decision: given the same
        answers it continues exactly as this game would, and changing it never touches this
        game. Event observers (``on_event``) are not called in a fork: nothing it does happens
        at the table. The fork takes no snapshots of its own unless ``forkable`` (it can still
        be forked within the current phase, or, slower, by replaying its answers). A resampled
        game's fork redraws the same way (resampling depends only on a view and a seed).
        What a fork copies is the table: ``state`` and every attribute a plugin sets on the
        game; what a plugin keeps elsewhere (module globals) is shared, so keep it on the game."""
        if self._gen is None:
            raise SandboxError("a game can be forked once it has started")
        checkpoint = self._checkpoint
        if checkpoint is None:
            return self._fork_by_replay(forkable)
        # a new game of the same scenario and seed, given this game's fields as they were at the
        # checkpoint: the engine's shared or cut back to it, the table loaded from its snapshot
        twin = type(self)(self.ruleset, self.scenario, seed=self.seed)
        for name in self.ENGINE_FIELDS:
            setattr(twin, name, getattr(self, name))
        for name, value in load_table(checkpoint.table, self._shared, twin).items():
            setattr(twin, name, value)
        twin.options = dict(self.options)
        twin.rng = random.Random()
        twin.rng.setstate(checkpoint.rng_state)
        twin.events = self.events[:checkpoint.events]
        twin.answers = self.answers[:checkpoint.answers]
        twin._phases_run = self._phases_run[:checkpoint.phases]   # the resumed phase: again
        twin.decisions = len(twin.answers)
        twin.round = checkpoint.position[1]
        twin._rounds = checkpoint.rounds
        twin.pending, twin.finished, twin.result = None, False, None
        twin._observed = twin._measured = False
        twin.watch_decisions = None
        twin._snapshotting = forkable
        twin._gen = twin._play(checkpoint.position)
        twin._advance(None)
        twin._resamples = [r for r in self._resamples if r[0] < checkpoint.answers]
        self._replay_into(twin, checkpoint.answers)
        return twin

    def _fork_by_replay(self, forkable: bool) -> Forking:
        # a new game of the same scenario and seed, given this game's fields as they were at the
        # checkpoint: the engine's shared or cut back to it, the table loaded from its snapshot
        twin = type(self)(self.ruleset, self.scenario, seed=self.seed)
        twin.options = dict(self.options)
        twin._observed = False
        twin._shared = self._shared
        twin.max_decisions, twin.max_events = self.max_decisions, self.max_events
        if forkable:
            twin.enable_forking()
        twin.start()
        self._replay_into(twin, 0)      # measuring the rounds played so far, as this game did
        twin._measured = False
        return twin

    def _replay_into(self, twin: Forking, start: int) -> None:
        """Give ``twin`` this game's answers from the ``start``-th on, redrawing hidden
        information wherever this game was resampled (a resample before ``start`` is already
        in the checkpoint ``twin`` was loaded from)."""
        redraws = [r for r in self._resamples if r[0] >= start]
        for index in range(start, len(self.answers) + 1):
            while redraws and redraws[0][0] == index:
                _, seat, state = redraws.pop(0)
                rng = random.Random()
                rng.setstate(state)
                twin.resample(seat, rng)
            if index < len(self.answers):
                twin.choose(self.answers[index])

    def resample(self, seat: int, rng: random.Random) -> Forking:
        """Redraw what ``seat`` cannot see (the ``resample_hidden`` hook) and reseed the game's
        RNG from ``rng``: a determinization of the seat's information, for search. Use it on a
        fork, at a pending decision of ``seat`` (a phase in progress may hold another seat's
        secrets)."""
        self._resamples.append((len(self.answers), seat, rng.getstate()))
        self.hook.resample_hidden(game=self, seat=seat, rng=rng)
        self.rng.seed(rng.getrandbits(64))
        return self
