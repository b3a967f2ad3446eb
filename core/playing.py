"""Playing a game to its end with one agent per seat: each pending decision asked of its seat's
agent, the invariants checked as asked, the game held to a time limit when only bots play."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .containment import TimeLimit, no_hard_exit, seconds_from_environment, time_limit
from .decisions import Decision
from .engine import Game
from .errors import PluginError

# Wall-clock seconds a game played by bots (``play``) may take: games take milliseconds, so this
# only stops a loop that neither decides nor emits events. PELOPONNES_GAME_SECONDS overrides it
# (0: no limit).
MAX_SECONDS = seconds_from_environment("PELOPONNES_GAME_SECONDS", 300)

CHECKS = ("none", "end", "decision")    # when ``play`` checks the invariants


class InvariantBroken(PluginError):
    """The ruleset's invariants (``check_invariants``) do not hold: the game is not valid."""


def check_invariants(game: Game) -> None:
    """Raise InvariantBroken when the ruleset's invariants do not hold, naming the seed, the
    decision and the plugins loaded besides the variant (one of them broke the game, or the
    rules did)."""
    problems = game.invariant_violations()
    if not problems:
        return
    shown = "; ".join(problems[:3]) + (f" (and {len(problems) - 3} more)"
                                       if len(problems) > 3 else "")
    plugins = game.ruleset.house_rules()
    where = f"after decision {game.decisions}" if game.decisions else "before any decision"
    raise InvariantBroken(f"invariants broken {where} (seed {game.seed}): {shown}; plugins "
                          f"loaded: {', '.join(plugins) or 'none besides the variant'}",
                          rule=getattr(game.phase, "rule", "") or None)


AnswerObserver = Callable[[Game, Decision, str, Any], None]


def play(game: Game, agents: list, *, after_decision: Callable[[Game], None] | None = None,
         on_answer: AnswerObserver | None = None, check: str = "end") -> Game:
    """Play ``game`` to the end, asking ``agents[seat]`` for every pending decision (within
    ``MAX_SECONDS`` of wall-clock time when no human is among them, each hook call within
    ``containment.HOOK_SECONDS``). ``on_answer(game,
    decision, option_id, agent)`` sees every answer before it is given (e.g. to count the
    decisions a bot answered at random); ``after_decision(game)`` sees the game after each.
    ``check``: when to check the invariants (``CHECKS``): at the ``end`` (cheap), after every
    ``decision``, or ``none``; a broken invariant raises InvariantBroken."""
    bots = [getattr(agent, "is_bot", False) for agent in agents]
    humans = not all(bots)
    try:
        # os._exit raises for the whole game (the rules, and the bots between them: plugin
        # code as well), not swapped in and out at every decision (``Game._advance``)
        with time_limit(None if humans else MAX_SECONDS, f"game (seed {game.seed})"), \
                no_hard_exit():
            game.start()
            _answer_all(game, agents, bots, on_answer, after_decision, check == "decision")
            if check != "none":
                check_invariants(game)
    except TimeLimit as exc:        # the time ran out between two plugin calls
        raise game.ruleset.blamed(exc, game.phase) from exc
    except PluginError as exc:
        if check != "none" and not isinstance(exc, InvariantBroken) and getattr(
                getattr(exc, "culprit", None), "kind", "variant") == "variant":
            # the rules themselves failed: if the state was broken first, say that
            try:
                check_invariants(game)
            except InvariantBroken as broken:
                raise broken from exc
            except PluginError:
                pass
        raise
    return game


def _answer_all(game: Game, agents: list, bots: list[bool], on_answer: AnswerObserver | None,
                after_decision: Callable[[Game], None] | None, every: bool) -> None:
    """``play``'s loop: each pending decision answered by its seat's agent (a bot's option
    given as found, without looking its id up again), until the game ends. An agent that
    ``picks_options`` runs no plugin code: its ``pick`` is called here directly."""
    pickers = [agent.pick if getattr(agent, "picks_options", False) else None
               for agent in agents]
    give = game._advance
    # with nothing to call between decisions, the rules go on from a picked answer to the next
    # decision a picker cannot answer, inside ``_advance`` (one call for a run of bots' turns)
    onward = pickers if on_answer is None and after_decision is None and not every else None
    while (decision := game.pending) is not None:
        seat = decision.seat
        pick = pickers[seat]
        if pick is not None or bots[seat]:
            option = pick(decision) if pick is not None else game.ask_bot(agents[seat])
            if on_answer is not None:
                on_answer(game, decision, option.id, agents[seat])
            give(option, onward)    # one of the decision's own options (picked there)
        else:
            answer = game.ask(agents[seat])
            if on_answer is not None:
                on_answer(game, decision, answer, agents[seat])
            game.choose(answer)
        if every:
            check_invariants(game)
        if after_decision is not None:
            after_decision(game)
