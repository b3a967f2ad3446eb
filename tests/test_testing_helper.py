"""``peloponnes.testing``: what a rule author's test sees when it sets a table, runs a phase by
its name or rulebook section, answers by option id and reads the events."""
from __future__ import annotations

import pytest

from peloponnes import hookimpl
from peloponnes.testing import drive, new_table, option_ids


def test_a_phase_runs_by_name_or_by_rulebook_section_and_its_events_are_read():
    by_name = new_table("boardgame", 3, seed=2)
    by_name.run_phase("reveal")
    by_section = new_table("boardgame", 3, seed=2)
    by_section.run_phase("boardgame: A. Reveal Tiles")
    revealed = by_name.events("tile_revealed")
    assert revealed and revealed == by_section.events("tile_revealed")
    assert all(e["rule"] == "boardgame: A. Reveal Tiles" for e in revealed)


def test_answers_by_option_id_reach_the_rules():
    # boardgame B. Bidding: a player who passes takes no tile; all three pass in turn order
    table = new_table("boardgame", 3, seed=2)
    table.run_phase("reveal")
    asked = table.run_phase("B. Bidding", "pass", "pass", "pass")
    assert [d.kind for d in asked] == ["bid_card"] * 3
    assert "pass" in option_ids(asked[0])
    assert sorted(e["seat"] for e in table.events("passed")) == [0, 1, 2]


def test_a_house_rule_changes_what_the_phase_does():
    # boardgame G.: two chits a round; the shipped house rule reveals three
    plain = new_table("boardgame", 3, seed=2)
    plain.run_phase("G. Reveal Disaster Chits")
    ruled = new_table("boardgame", 3, seed=2, plugins=["three_disaster_chits"])
    ruled.run_phase("G. Reveal Disaster Chits")
    assert len(plain.events("chit_revealed")) == 2
    assert len(ruled.events("chit_revealed")) == 3

    class FourChits:
        @hookimpl
        def count_disaster_chits(self, game, final):
            return 4

    own = new_table("boardgame", 3, seed=2, house_rules=[FourChits()])
    own.run_phase("G. Reveal Disaster Chits")
    assert len(own.events("chit_revealed")) == 4


def test_mistakes_in_a_test_say_what_was_offered():
    table = new_table("boardgame", 3, seed=2)
    table.run_phase("reveal")
    with pytest.raises(AssertionError, match=r"'tile:99' not offered for bid_card: \['pass'"):
        table.run_phase("bidding", "tile:99")
    with pytest.raises(LookupError, match="no single round phase 'market'.*income"):
        table.phase("market")
    with pytest.raises(AssertionError, match="answers left over"):
        drive(iter(()), "pass")


def test_a_whole_game_plays_to_a_result():
    table = new_table("cardgame", 3, seed=7)
    result = table.play("heuristic")
    assert table.game.finished and len(result.scores) == 3
    assert set(result.winners) <= {0, 1, 2} and result.winners


def test_a_whole_game_counts_the_hooks_each_plugin_answered():
    # the shipped house rule answers count_disaster_chits at every G. of the board game
    table = new_table("boardgame", 3, seed=2, plugins=["three_disaster_chits"])
    table.play("random")
    calls = table.hook_calls["three_disaster_chits"]
    rounds = len(table.game.round_metrics)
    assert calls["count_disaster_chits"] >= rounds > 0
    assert table.hook_calls["boardgame"]["score_seat"] > 0     # the variant's own hooks too
