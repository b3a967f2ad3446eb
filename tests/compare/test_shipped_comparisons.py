"""The ready-made comparisons in scenarios/ (the README's "## Compare" section): each pair has
the same seats and bots, so its rules diff shows only the rule that differs."""
import re
from collections import Counter

import pytest

from peloponnes.core.scenario import Scenario
from peloponnes.lab.compare import compare, prepare
from peloponnes.lab.simulate import run_game

from .helpers import ROOT, SCENARIOS

PAIRS = {
    "conquest": ("compare-cardgame-conquest.toml", "compare-cardgame-no-conquest.toml",
                 "+ plugin no_conquest"),
    "chits": ("compare-boardgame-4p.toml", "compare-boardgame-3-chits.toml",
              "+ plugin three_disaster_chits"),
    "heroes": ("compare-boardgame-4p.toml", "compare-heroes-4p.toml",
               "variant: boardgame -> heroes"),
    "readings": ("compare-cardgame-conquest.toml", "compare-cardgame-former-readings.toml",
                 "options: conquest_price: 'exact' -> 'at_least'; luxury_for_coin_cards:"
                 " 'any_time' -> 'hand_short'; supply_production: 'kept' -> 'as_started'"),
}


def readme_compare_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Compare", 1)[1].split("\n## ", 1)[0]
    return [line for block in re.findall(r"```sh\n(.*?)```", section, re.S)
            for line in block.splitlines() if line.startswith("peloponnes compare scenarios/")]


def test_readme_shows_every_shipped_comparison():
    commands = readme_compare_commands()
    for a, b, _ in PAIRS.values():
        assert any(f"scenarios/{a} scenarios/{b}" in c for c in commands), (a, b)
        assert (SCENARIOS / a).is_file() and (SCENARIOS / b).is_file()


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_shipped_pair_differs_only_in_its_rule(pair):
    a, b, expected = PAIRS[pair]
    sa, sb = Scenario.from_file(SCENARIOS / a), Scenario.from_file(SCENARIOS / b)
    assert sa.players == sb.players and sa.seed == sb.seed      # same seats, bots and seeds
    result = compare([SCENARIOS / a, SCENARIOS / b], 2, workers=1)
    lines = result.diffs[0]["lines"]
    assert expected in "\n".join(lines)
    assert "agents: same" in lines and not result.failures


def test_three_disaster_chits_reveals_three_a_round():
    entries = prepare([SCENARIOS / "compare-boardgame-4p.toml",
                       SCENARIOS / "compare-boardgame-3-chits.toml"])
    per_round = []
    for entry in entries:
        game = run_game(entry.ruleset, entry.scenario, 1)
        per_round.append(Counter(e.round for e in game.events if e.kind == "chit_revealed"))
    assert per_round[0][1] == 2 and per_round[1][1] == 3      # count_disaster_chits: 2 vs 3
