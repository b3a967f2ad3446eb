"""Checks every variant's tests share: random games in which each answer must be an offered
option naming its rulebook section, the heuristic bot answering only offered options, and no
rule number written in the rules code."""
from __future__ import annotations

import ast
from pathlib import Path

from peloponnes.agents import RandomAgent
from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario


def play_checking_answers(variant: str, players: int, seeds: range, rule_prefix,
                          options: dict | None = None, kinds: set | None = None) -> list:
    """Play one game per seed with random agents; return the finished games. ``rule_prefix``
    is a string or a tuple of them; ``kinds`` collects the decision kinds met."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players, options=options))
    games = []
    for seed in seeds:
        game = Game(ruleset, scenario, seed=seed).start()
        agents = [RandomAgent(f"{seed}:{i}") for i in range(players)]
        while game.pending is not None:
            decision = game.pending
            answer = agents[decision.seat].choose(None, decision)
            assert answer in [o.id for o in decision.options]
            assert decision.rule.startswith(rule_prefix), decision
            if kinds is not None:
                kinds.add(decision.kind)
            game.choose(answer)
        assert game.finished and len(game.answers) == game.decisions
        games.append(game)
    return games


def bot_decision_kinds(variant: str, players: int, seeds: range, choose,
                       options: dict | None = None) -> set[str]:
    """Play every seat with the bot's ``choose(view, decision)``; each answer must be offered.
    Returns the kinds of decision the bot met."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players, options=options))
    kinds = set()
    for seed in seeds:
        game = Game(ruleset, scenario, seed=seed).start()
        while game.pending is not None:
            decision = game.pending
            choice = choose(game.view(decision.seat), decision)
            assert choice in [o.id for o in decision.options], (decision.kind, choice)
            kinds.add(decision.kind)
            game.choose(choice)
        assert game.finished
    return kinds


def numbers_in_code(package: Path, skip_files=("bot.py", "encoding.py", "render.py")) -> list[str]:
    """Integer/float literals other than 0 and 1 in a variant's modules: rule numbers belong in
    components.toml. ``make_variant`` (the declared player range), the bot, the terminal layout
    (column widths) and the observation encoding (feature bounds and a layout version) are
    exempt."""
    found = []
    for path in sorted(package.glob("*.py")):
        if path.name in skip_files:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                and f.name == "make_variant" for n in ast.walk(f)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and type(node.value) in (int, float)
                    and node.value not in (0, 1) and id(node) not in skip):
                found.append(f"{path.name}:{node.lineno}: {node.value}")
    return found
