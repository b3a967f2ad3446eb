"""The learned agent's distilled policy (its default, ``lookahead = 0``): trained after the
value model, kept in the same model file, played with no fork in every variant, the same game
for the same seed; a model file of an older version is refused, saying what to do."""
import json
import zipfile
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from peloponnes.agents import make_agents
from peloponnes.agents.learned import store
from peloponnes.agents.learned.features import Encoder
from peloponnes.agents.learned.policy import option_rows
from peloponnes.agents.learned.training import Plan, train
from peloponnes.cli import main
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

pytest.importorskip("sklearn")

TINY = Plan(games=4, distill_games=3)      # a model and a policy in seconds (not good ones)


@pytest.fixture(scope="module")
def cards():
    """The 4-player card game's rules (every seat learned) and a tiny model with a policy."""
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 4, agent="learned"))
    return ruleset, sc, train(ruleset, sc, TINY)


def played(ruleset, sc, seed: int) -> tuple[Game, list[bool]]:
    """A game played to the end, and for each answer whether it was one of those offered."""
    game = Game(ruleset, sc, seed=seed)
    offered = []

    def check(game, decision, answer, agent):
        offered.append(answer in [o.id for o in decision.options])

    play(game, make_agents(game), on_answer=check)
    return game, offered


@pytest.mark.parametrize("variant", ["cardgame", "boardgame", "heroes"])
def test_the_policy_plays_every_variants_four_player_game_to_the_end(variant):
    ruleset, sc = load_ruleset(Scenario.quick(variant, 4, agent="learned"))
    model = train(ruleset, sc, TINY)
    assert model.policy is not None
    store.store(model)
    game, offered = played(ruleset, sc, seed=2)
    assert game.finished and offered and all(offered)


def test_fork_free_play_gives_the_same_game_for_the_same_seed(cards, monkeypatch):
    ruleset, sc, model = cards
    store.store(model)

    def no_fork(self, *args, **kwargs):
        raise AssertionError("the policy forked the game")

    monkeypatch.setattr(Game, "fork", no_fork)
    games = [played(ruleset, sc, seed=8)[0] for _ in range(2)]
    assert all(game.finished for game in games)
    assert games[0].answers == games[1].answers
    assert games[0].result.scores == games[1].result.scores


def test_the_model_file_round_trips_the_policy(cards, tmp_path):
    ruleset, sc, model = cards
    loaded = store.ValueModel.load(model.save(tmp_path / "cards.npz"))
    game = Game(ruleset, sc, seed=4).start()
    rows = option_rows(game, Encoder(ruleset, sc), game.pending)
    assert loaded.policy is not None
    assert np.array_equal(loaded.policy.predict(rows), model.policy.predict(rows))


def older_version(source: Path, target: Path) -> Path:
    """``source``'s model rewritten as the first model-file format wrote it."""
    with np.load(source, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files if not k.startswith("policy_")}
    header = json.loads(str(arrays.pop("header")))
    header["format"] = "peloponnes-learned-model/1"
    np.savez(target, header=np.array(json.dumps(header)), **arrays)
    return target


def test_a_model_file_of_an_older_version_is_refused_saying_what_to_do(cards, tmp_path):
    _ruleset, _sc, model = cards
    old = older_version(model.save(tmp_path / "new.npz"), tmp_path / "old.npz")
    assert zipfile.is_zipfile(old)
    refused = CliRunner().invoke(main, ["models", "load", str(old)])
    assert refused.exit_code == 2
    assert "trained by an older version" in refused.output
    assert "`peloponnes models clear`, then train again" in refused.output
    assert "Traceback" not in refused.output
    cached = store.cache_folder() / "0123456789abcdef.npz"
    cached.parent.mkdir(parents=True)
    cached.write_bytes(old.read_bytes())
    cleared = CliRunner().invoke(main, ["models", "clear"])
    assert cleared.exit_code == 0 and "removed 1 learned model" in cleared.output
    assert not cached.exists()


def test_a_lookahead_still_searches_and_the_policy_is_the_default(cards):
    ruleset, sc, model = cards
    store.store(model)
    players = tuple(replace(p, settings={"lookahead": 1, "redraws": 1}) for p in sc.players)
    searching = load_ruleset(replace(sc, players=players))
    game, offered = played(*searching, seed=3)
    assert game.finished and all(offered)
    default, _ = played(ruleset, sc, seed=3)
    assert default.answers != game.answers
