"""The learned agent: trained by self-play on a tiny budget (seconds), cached per ruleset and
reused, never used for other rules, saved and loaded, reproducible from its seed, and playing
only offered options, through the CLI and the engine."""
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from peloponnes.agents import make_agents
from peloponnes.agents.learned import store
from peloponnes.agents.learned.features import Encoder
from peloponnes.agents.learned.training import Plan, train
from peloponnes.cli import main
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

pytest.importorskip("sklearn")

ROOT = Path(__file__).resolve().parents[2]
CARDS = str(ROOT / "scenarios" / "cardgame-4p.toml")
MARKET = str(ROOT / "scenarios" / "house-market_phase.toml")
TINY = "6"      # self-play games: a model in a few seconds (not a good one)
TRAINING = "no learned model for the rules"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def cached_files() -> list[Path]:
    return sorted(store.cache_folder().glob("*.npz"))


def test_train_caches_a_model_under_the_ruleset_digest_and_simulate_reuses_it():
    trained = run("train", CARDS, "--games", TINY)
    assert trained.exit_code == 0, trained.output
    ruleset, sc = load_ruleset(Scenario.from_file(CARDS))
    digest = store.ruleset_digest(ruleset, sc)
    assert [p.name for p in cached_files()] == [f"{digest[:16]}.npz"]
    listed = run("models")
    assert listed.exit_code == 0 and digest[:12] in listed.output and "cardgame" in listed.output
    before = cached_files()[0].stat().st_mtime_ns
    simulated = run("simulate", CARDS, "--agent", "learned", "-n", "2")
    assert simulated.exit_code == 0, simulated.output
    assert TRAINING not in simulated.output
    assert "2 games" in simulated.output
    assert cached_files()[0].stat().st_mtime_ns == before


def test_a_house_rule_is_other_rules_trained_first_and_cached_apart(tmp_path):
    assert run("train", CARDS, "--games", TINY).exit_code == 0
    scenario = tmp_path / "learned-market.toml"
    scenario.write_text(Path(MARKET).read_text().replace('"../plugins/', f'"{ROOT}/plugins/')
                        .replace('agent = "heuristic"', 'agent = "learned"\n'
                                 '[players.learned]\ntraining_games = 4', 1))
    result = run("simulate", scenario, "-n", "1", "--trust")
    assert result.exit_code == 0, result.output
    assert TRAINING in result.output
    assert len(cached_files()) == 2


def test_an_option_changed_is_another_ruleset():
    base = Scenario.quick("cardgame", 4)
    digests = {store.ruleset_digest(*load_ruleset(sc)) for sc in (
        base, replace(base, options={"conquest_price": "at_least"}),
        Scenario.quick("cardgame", 3), replace(base, plugins=("no_conquest",)))}
    assert len(digests) == 4


def test_save_clear_load_round_trip(tmp_path):
    assert run("train", CARDS, "--games", TINY).exit_code == 0
    digest = cached_files()[0].stem
    saved = tmp_path / "cards.npz"
    assert run("models", "save", digest, saved).exit_code == 0
    cleared = run("models", "clear")
    assert cleared.exit_code == 0 and "removed 1 learned model" in cleared.output
    assert cached_files() == []
    loaded = run("models", "load", saved, CARDS)
    assert loaded.exit_code == 0, loaded.output
    rows = np.random.default_rng(1).random((5, Encoder(*load_ruleset(
        Scenario.from_file(CARDS))).size), dtype=np.float32)
    assert np.array_equal(store.ValueModel.load(saved).predict(rows),
                          store.ValueModel.load(cached_files()[0]).predict(rows))


def test_a_model_file_for_other_rules_is_refused(tmp_path):
    saved = tmp_path / "cards.npz"
    assert run("train", CARDS, "--games", TINY, "--output", saved).exit_code == 0
    refused = run("models", "load", saved, MARKET, "--trust")
    assert refused.exit_code == 2
    assert "trained for other rules" in refused.output
    scenario = tmp_path / "other.toml"
    scenario.write_text(f'variant = "cardgame"\n[[players]]\nagent = "learned"\n'
                        f'[players.learned]\nmodel = "{saved}"\n'
                        '[[players]]\nagent = "heuristic"\n')
    played = run("simulate", scenario, "-n", "1")
    assert played.exit_code == 2
    assert "trained for other rules" in played.output and "2 seats" not in played.output


def test_a_damaged_model_file_is_a_one_line_error(tmp_path):
    damaged = tmp_path / "damaged.npz"
    damaged.write_bytes(b"not a model")
    result = run("models", "load", damaged)
    assert result.exit_code == 2
    assert "is not a learned-agent model file" in result.output
    assert "Traceback" not in result.output


def test_the_same_seed_gives_the_same_model_for_any_number_of_workers():
    from peloponnes.lab.training import train_scenario

    sc = Scenario.quick("cardgame", 4, agent="heuristic")
    # two rounds: the second round's games, played by the first round's model, travel to the
    # workers too
    one, _ = train_scenario(sc, Plan(games=6, seed=3, rounds=2), workers=1)
    two, _ = train_scenario(sc, Plan(games=6, seed=3, rounds=2), workers=2)
    other = train(*load_ruleset(sc), Plan(games=6, seed=4, rounds=2))
    rows = np.random.default_rng(2).random((8, one.weights[0].shape[0]), dtype=np.float32)
    assert np.array_equal(one.predict(rows), two.predict(rows))
    assert not np.array_equal(one.predict(rows), other.predict(rows))
    options = np.random.default_rng(3).random((8, one.info["policy_columns"]), dtype=np.float32)
    assert np.array_equal(one.policy.predict(options), two.policy.predict(options))


def test_the_agent_answers_only_offered_options_and_plays_games_to_the_end():
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 4, agent="learned"))
    store.store(train(ruleset, sc, Plan(games=4)))
    game = Game(ruleset, sc, seed=5)
    answers = []

    def check(game, decision, answer, agent):
        answers.append(answer in [o.id for o in decision.options])

    play(game, make_agents(game), on_answer=check)
    assert game.finished and answers and all(answers)


def test_a_missing_model_is_trained_in_process_saying_so(capsys):
    sc = replace(Scenario.quick("cardgame", 2, agent="heuristic"))
    sc = replace(sc, players=(replace(sc.players[0], agent="learned",
                                      settings={"training_games": 3}), sc.players[1]))
    ruleset, sc = load_ruleset(sc)
    game = Game(ruleset, sc, seed=1)
    play(game, make_agents(game))
    said = capsys.readouterr().err
    assert "training one on 3 self-play games" in said
    assert f"cached in {store.cache_folder()}" in said
    assert len(cached_files()) == 1


def test_a_model_file_named_in_a_scenario_must_exist(tmp_path):
    sc = Scenario.quick("cardgame", 2, agent="learned")
    sc = replace(sc, players=tuple(replace(p, settings={"model": str(tmp_path / "no.npz")})
                                   for p in sc.players))
    ruleset, sc = load_ruleset(sc)
    with pytest.raises(ConfigError, match="no such model file"):
        make_agents(Game(ruleset, sc, seed=1))


def test_an_option_is_seen_as_the_deciding_seats_view_after_it_scaled_to_its_bounds():
    import random

    from peloponnes.agents.learned.features import after_states

    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 4, agent="heuristic"))
    game = Game(ruleset, sc, seed=3).enable_forking().start()
    decision = game.pending
    rows = after_states(game, Encoder(ruleset, sc), 7)
    assert rows.shape[0] == len(decision.options) > 1
    for index in range(len(decision.options)):
        fork = game.fork().resample(decision.seat, random.Random(7))
        fork.give(fork.pending.options[index])
        view = ruleset.pm.hook.encode_view(view=fork.view(decision.seat), decision=None)
        low, high = np.array(view.lows()), np.array(view.highs())
        width = np.where(high > low, high - low, np.inf)
        expected = np.clip((np.array(view.values, dtype=float) - low) / width, 0, 1)
        assert np.allclose(rows[index], expected, atol=1e-6)
    assert len({row.tobytes() for row in rows}) > 1      # options differ by what they do


def test_a_sweep_trains_each_grid_points_rules_first_once(tmp_path):
    scenario = tmp_path / "learned-seat.toml"
    scenario.write_text(Path(CARDS).read_text().replace(
        'agent = "heuristic"', 'agent = "learned"\n[players.learned]\ntraining_games = 4', 1))
    result = run("sweep", scenario, "--vary", "components.rules.conquest_surcharge=1",
                 "-n", "2", "-w", "2")
    assert result.exit_code == 0, result.output
    # the scenario's own surcharge and 1: two rulesets, each trained before its games, once
    assert result.output.count(TRAINING) == 2
    assert "learned agent: no model" not in result.output      # no worker trained for itself
    assert len(cached_files()) == 2
