"""Scripts of games for the table (`peloponnes play` reading answers from a pipe): the lines a
person would type at each of their prompts, found by letting the variant's heuristic bot decide
for the human seats in an identical session. Fed to the real CLI, the game goes the same way."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.table.prompt import option_keys
from peloponnes.table.session import TableSession, seat_person


@dataclass
class Script:
    lines: list[str] = field(default_factory=list)     # what is typed, one per human prompt
    seats: list[int] = field(default_factory=list)     # who types it
    prompts: list[str] = field(default_factory=list)   # the decision's prompt
    labels: list[str] = field(default_factory=list)    # the chosen option's label
    game: object = None                                 # the game as it ended


def script_for(scenario: str | Path, save_dir: Path, *, seat: int | None = None) -> Script:
    ruleset, sc = load_ruleset(Scenario.from_file(scenario))
    sc = seat_person(sc, seat=seat)
    session = TableSession(ruleset, sc, save_dir=save_dir)
    script = Script()

    def front(session, seat, decision):
        view = session.game.view(seat)
        choice = (session.game.hook.choose_heuristic(view=view, decision=decision)
                  or decision.options[0].id)
        index = [o.id for o in decision.options].index(choice)
        script.lines.append(option_keys(decision)[index])
        script.seats.append(seat)
        script.prompts.append(decision.prompt)
        script.labels.append(decision.options[index].label)
        return choice

    script.game = session.run(front)
    return script


def typed(lines) -> str:
    return "".join(f"{line}\n" for line in lines)
