"""The table session (core/table.py) without a terminal: undo re-plays the bots exactly, undo
never takes back another person's decision, saves never reuse another game's file, any seat
can be taken."""
import pytest

from peloponnes.core import ConfigError, IllegalAnswer
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario
from peloponnes.table.session import UNDO, TableSession, seat_person, unused_path


def scenario(*agents, seed=4):
    return Scenario(variant="cardgame", seed=seed,
                    players=tuple(PlayerSpec(f"P{i + 1}", a) for i, a in enumerate(agents)))


def first_option(session, seat, decision):
    return decision.options[-1].id


def test_undo_re_plays_random_bots_exactly(tmp_path):
    ruleset, sc = load_ruleset(scenario("human", "random", "random"))
    plain = TableSession(ruleset, sc, save_dir=tmp_path).run(first_option)
    asked = {"n": 0, "undone": []}

    def undoing(session, seat, decision):
        asked["n"] += 1
        if asked["n"] in (4, 9):                   # change of mind, twice
            asked["undone"].append(session.undo(seat).labels)
            return UNDO
        return decision.options[-1].id
    again = TableSession(ruleset, sc, save_dir=tmp_path).run(undoing)
    assert [s.value for s in again.result.scores] == [s.value for s in plain.result.scores]
    assert again.answers == plain.answers
    assert all(len(labels) == 1 for labels in asked["undone"])


def test_undo_refuses_to_take_back_another_persons_decision(tmp_path):
    ruleset, sc = load_ruleset(scenario("human", "human"))
    session = TableSession(ruleset, sc, save_dir=tmp_path)
    with pytest.raises(IllegalAnswer, match="no decision of yours"):
        session.undo(session.game.pending.seat)

    def waiting_after_the_other():
        seat = session.game.pending.seat
        return seat in session.answer_seats and session.answer_seats[-1] != seat
    while not waiting_after_the_other():
        session._answer(session.game.pending.options[0].id)
    seat, other = session.game.pending.seat, session.answer_seats[-1]
    with pytest.raises(IllegalAnswer, match=f"P{other + 1} answered since"):
        session.undo(seat)


def test_saves_never_reuse_another_games_file(tmp_path):
    first = unused_path(tmp_path, "cardgame-x")
    first.write_text("a game")
    second = unused_path(tmp_path, "cardgame-x")
    assert second != first and second.name == "cardgame-x-2.toml"
    ruleset, sc = load_ruleset(scenario("human", "random"))
    a = TableSession(ruleset, sc, save_dir=tmp_path)
    a.save()
    b = TableSession(ruleset, sc, save_dir=tmp_path)
    assert b.save_path != a.save_path


def test_any_seat_can_be_taken():
    sc = scenario("heuristic", "human", "random")
    assert [p.agent for p in seat_person(sc, seat=3).players] == ["heuristic", "heuristic",
                                                                 "human"]
    assert [p.agent for p in seat_person(sc, name="p1").players][0] == "human"
    assert seat_person(sc) is sc
    with pytest.raises(ConfigError, match="no human seat"):
        seat_person(scenario("random", "random"))
    with pytest.raises(ConfigError, match="seats 1-3"):
        seat_person(sc, seat=4)
