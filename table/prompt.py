"""The terminal at the table (``peloponnes play``): before each prompt it tells the person what
happened since their last decision, draws the table (the variant's ``render_view``), lists the
options under the numbers the table uses, and reads an answer or a command. Answers may come
from a keyboard or from a pipe, one per line (a script of a game).

Everything the rules or a player named is printed as text, never read as rich markup.
"""
from __future__ import annotations

import re
import sys
from contextlib import contextmanager

from rich.console import Console, Group
from rich.markup import escape
from rich.pretty import Pretty
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from peloponnes.core.errors import IllegalAnswer
from peloponnes.table.score_sheet import sheet_lines
from peloponnes.table.session import UNDO, StopTable, TableSession

COMMANDS = [
    ("NUMBER", "choose that option (the numbers the table shows)"),
    ("v", "show the table again (compact)"),
    ("f", "show the full table"),
    ("l", "the legend: what the table's abbreviations mean"),
    ("h", "the story of the game so far"),
    ("r", "the rules summary"),
    ("i NAME", "explain a card, tile, civilization, hero or colony"),
    ("u", "undo: take back your last decision (also: back one step in a multi-step choice)"),
    ("s", "save the game"),
    ("q", "save and quit"),
    ("?", "this list"),
]
DIGITS = re.compile(r"[0-9]+")


def option_keys(decision) -> list[str]:
    """What a person types for each option: its own ``key``, else its position from 1."""
    if decision.options and all(o.key for o in decision.options):
        return [o.key for o in decision.options]
    return [str(i) for i in range(1, len(decision.options) + 1)]


def keys_text(keys: list[str]) -> str:
    """The keys a menu offers, in few words: ``0-4`` for a run of numbers, else each one
    (``1, 2, 4``): a number missing from the menu is not hidden behind a range."""
    if keys and all(k.isdigit() for k in keys):
        numbers = [int(k) for k in keys]
        if len(keys) > 2 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{keys[0]}-{keys[-1]}"
    return ", ".join(keys[:-1]) + " or " + keys[-1] if len(keys) > 1 else "".join(keys)


def pick(decision, answer: str):
    """The option id ``answer`` names (a key, a position or an id), or None."""
    keys = option_keys(decision)
    if answer in keys:
        return decision.options[keys.index(answer)].id
    if DIGITS.fullmatch(answer) is None and decision.option(answer) is not None:
        return answer
    return None


class TerminalFront:
    """Asks people at a terminal. ``interactive``: a person types (hot-seat clears the screen
    between people); otherwise answers come from a pipe and are echoed, so the output reads as
    the game's script."""

    def __init__(self, console: Console, *, interactive: bool | None = None,
                 layout: str = "compact"):
        self.console = console
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        self.layout = layout
        self.last_seat: int | None = None

    def say(self, text: str, style: str = "") -> None:
        self.console.print(f"[{style}]{escape(text)}[/]" if style else escape(text),
                           highlight=False)

    # --- the front's one job --------------------------------------------------------------
    def __call__(self, session: TableSession, seat: int, decision) -> str:
        handed_over = self.hand_over(session, seat)
        news = session.news(seat)
        for line in news:
            self.say(line)
        if news or handed_over:     # a next step of the same choice: the table is as it was
            self.show(session, seat, self.layout)
        while True:
            self.menu(session, seat, decision)
            answer = self.read(f"{session.game.seats[seat].name}, choose (? for help)")
            chosen = pick(decision, answer)
            if chosen is not None:
                return chosen
            if self.command(session, seat, decision, answer):
                return UNDO

    @contextmanager
    def thinking(self, name: str):
        """While a search bot thinks: a spinner with its progress (at a terminal)."""
        with self.console.status(f"{escape(name)} is thinking…") as status:
            def progress(done: int, budget: int) -> None:
                if done % 8 == 0 or done == budget:
                    status.update(f"{escape(name)} is thinking… {done}/{budget} simulations")
            yield progress

    def hand_over(self, session: TableSession, seat: int) -> bool:
        """Hot-seat: between two people, the screen is cleared (at a keyboard) so nobody sees
        the previous player's hand; a script gets a visible line instead."""
        if len(session.humans) > 1 and seat != self.last_seat:
            name = session.game.seats[seat].name
            if self.interactive and self.last_seat is not None:
                self.console.clear()
                self.read(f"Hand the terminal to {name} and press Enter")
            self.console.print(Rule(escape(f"{name} (seat {seat + 1})")))
            self.last_seat = seat
            return True
        self.last_seat = seat
        return False

    def read(self, prompt: str) -> str:
        """One line from the keyboard or the pipe. The end of the input raises EOFError and
        Ctrl-C KeyboardInterrupt: the session saves the game either way."""
        line = input(f"{prompt}: ")
        if not self.interactive:
            self.console.print(escape(line), highlight=False)
        return line.strip()

    def menu(self, session: TableSession, seat: int, decision) -> None:
        self.console.print(f"\n[bold]{escape(session.game.seats[seat].name)}[/]:"
                           f" {escape(decision.prompt)}  [dim]({escape(decision.rule)})[/]",
                           highlight=False)
        for key, option in zip(option_keys(decision), decision.options, strict=True):
            self.console.print(f"  {key:>2}. {escape(option.label)}", highlight=False)

    def show(self, session: TableSession, seat: int, layout: str) -> None:
        view = session.view(seat) or {}
        game = session.game
        drawn = session.guarded("render_view", game.hook.render_view, view=view, layout=layout)
        self.console.print(drawn if drawn is not None else Pretty(view))

    # --- commands ------------------------------------------------------------------------
    def command(self, session: TableSession, seat: int, decision, answer: str) -> bool:
        """Carry out a command; True when the decision changed (undo)."""
        word, _, rest = answer.partition(" ")
        if word in ("v", "f", "l"):
            self.show(session, seat, {"v": "compact", "f": "full", "l": "legend"}[word])
        elif word == "h":
            for line in session.history(seat):
                self.say(line)
        elif word == "r":
            self.rules(session)
        elif word == "i":
            self.explain(session, rest.strip())
        elif word in ("u", "b"):
            return self.undo(session, seat)
        elif word == "s":
            self.say(f"saved to {session.save('saved at the table')}")
        elif word == "q":
            path = session.save("saved at the table")
            self.say(f"saved to {path}; resume with `peloponnes play {path}`")
            raise SystemExit(0)
        elif word in ("?", "help"):
            for key, text in COMMANDS:
                self.say(f"  {key:<7} {text}")
        else:
            self.refuse(session, decision, answer)
        return False

    def refuse(self, session: TableSession, decision, answer: str) -> None:
        """An answer that is neither an option nor a command: why, when the rules know
        (``explain_refusal``), and what can be typed."""
        game = session.game
        why = session.guarded("explain_refusal", game.hook.explain_refusal, game=game,
                              decision=decision, answer=answer)
        typed = f"type {keys_text(option_keys(decision))} or a command (? lists them)"
        if why:
            self.say(f"'{answer}' is not an option: {why}. {typed[0].upper()}{typed[1:]}.", "red")
        else:
            self.say(f"'{answer}' is not an option nor a command: {typed}.", "red")

    def undo(self, session: TableSession, seat: int) -> bool:
        try:
            undone = session.undo(seat)
        except IllegalAnswer as exc:
            self.say(f"cannot undo: {exc}", "red")
            return False
        self.say(f"took back: {'; '.join(undone.labels)}", "yellow")
        return True

    def rules(self, session: TableSession) -> None:
        variant = session.game.variant
        self.say(f"{variant.title}", "bold")
        self.say(variant.rules_summary or variant.description)
        self.say(f"More: `peloponnes rules {variant.name}`.")

    def explain(self, session: TableSession, name: str) -> None:
        if not name:
            self.say("which one? e.g. `i Port` or `i A01`", "red")
            return
        game = session.game
        text = session.guarded("describe_component", game.hook.describe_component, game=game,
                               name=name)
        self.say(text or f"nothing called '{name}' in this game (try a name from the table)")


def result_lines(game) -> list:
    """The final scores as a table, how each was counted, and who won (names printed as
    text)."""
    table = Table(title=f"Final scores (seed {game.seed})")
    for col in ("rank", "seat", "player", "score", *game.result.scores[0].details.keys()):
        table.add_column(escape(str(col)))
    for rank, seat in enumerate(game.result.ranking, 1):
        score = game.result.scores[seat]
        table.add_row(str(rank), str(seat + 1), escape(game.seats[seat].name),
                      str(score.value), *(escape(str(v)) for v in score.details.values()))
    names = " and ".join(game.seats[s].name for s in game.result.winners)
    verb = "wins" if len(game.result.winners) == 1 else "win"
    sheets = sheet_lines(game)
    return [table, *([Group(*(Text(line) for line in sheets))] if sheets else []),
            f"[bold green]{escape(names)} {verb}![/]"]


def play_at_terminal(session: TableSession, console: Console, **front_options):
    """Run ``session`` with a terminal front; returns the finished game or raises StopTable."""
    front = TerminalFront(console, **front_options)
    game = session.run(front)
    for line in session.news(session.humans[0] if session.humans else None):
        front.say(line)             # the last round and the scores
    return game


__all__ = ["TerminalFront", "play_at_terminal", "result_lines", "StopTable", "option_keys",
           "pick", "keys_text"]
