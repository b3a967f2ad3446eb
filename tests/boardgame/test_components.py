"""The board game's component data: the printed values, their provenance, the schema's errors
(naming the file and key path), and no rule number hidden in the code."""
from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest

from peloponnes.core.components import read_toml
from peloponnes.core.errors import ConfigError
from peloponnes.variants.boardgame.schema import check_components
from tests.variant_checks import numbers_in_code

HERE = Path(__file__).resolve()
PACKAGE = HERE.parents[2] / "variants" / "boardgame"
FILE = PACKAGE / "components.toml"
DATA = check_components(read_toml(FILE), str(FILE))


def test_components_deck_of_40_tiles_20_land_20_buildings_a15_b15_c10():
    tiles = DATA["tiles"]
    assert len(tiles) == 40
    assert Counter(t["kind"] for t in tiles) == {"land": 20, "building": 20}
    assert Counter(t["era"] for t in tiles) == {"A": 15, "B": 15, "C": 10}
    assert [t["id"] for t in tiles if t["supply"]] == ["B05", "C04"]


def test_components_printed_values_spot_checks():
    tiles = {t["id"]: t for t in DATA["tiles"]}
    assert tiles["A11"]["name"] == "Barracks" and tiles["A11"]["placement_wildcard"]
    assert tiles["A11"]["one_time"] == {"coins": 4, "inhabitants": -2}
    assert tiles["A13"]["bid_bonus_halves"] == 1 and tiles["B02"]["bid_bonus_halves"] == 1
    assert tiles["A15"]["income"] == {"choice": 1} and tiles["A15"]["protects"] == ["decline"]
    assert tiles["C08"]["cost"] == {"stone": 8} and tiles["C08"]["bid"] == 8
    assert tiles["B08"]["one_time"] == {"luxury": 5, "inhabitants": 1}
    civs = {c["name"]: c for c in DATA["civilizations"]}
    assert len(civs) == 7 and sorted(c["number"] for c in civs.values()) == list(range(1, 8))
    assert civs["Arkadia"]["income"] == {"inhabitants": 1} and civs["Arkadia"]["coins"] == 8
    assert civs["Sparta"]["goods"] == {"wood": 4}
    assert DATA["player_mat"]["wood"] == 10 and DATA["player_mat"]["food"] == 13
    assert DATA["chits"]["counts"] == {"plague": 3, "earthquake": 3, "tempest": 3,
                                       "drought": 3, "decline": 3, "blank": 1}
    rules = DATA["rules"]
    assert (rules["rounds"], rules["tiles_revealed"], rules["conquest_surcharge"],
            rules["pass_coins"], rules["withdraw_coins"], rules["chits_per_round"],
            rules["luxury_trade_rate"], rules["coins_per_prestige"],
            rules["points_per_inhabitant"]) == (8, 5, 3, 3, 1, 2, 2, 3, 3)
    assert DATA["disasters"]["decline"]["amount"] == 10


def test_components_every_entry_states_provenance_and_source():
    entries = [DATA["rules"], DATA["player_mat"], DATA["bank"], DATA["chits"],
               *DATA["income"], *DATA["disasters"].values(), *DATA["civilizations"],
               *DATA["tiles"]]
    for entry in entries:
        assert entry["provenance"] in ("printed", "reconstructed") and entry["source"]
    assert all(e["provenance"] == "printed" for e in DATA["tiles"] + DATA["civilizations"])
    assert DATA["bank"]["provenance"] == "reconstructed"          # the gold coin's value


def test_components_income_table_is_flagged_medium_confidence():
    assert all(row["confidence"] == "medium" for row in DATA["income"])
    assert [(r["population"], r["coins"], r["luxury"]) for r in DATA["income"]] == [
        (0, 1, 0), (3, 2, 0), (5, 3, 0), (8, 4, 0), (11, 5, 0), (14, 5, 2), (17, 5, 4),
        (20, 5, 6)]


def _broken(change) -> dict:
    data = copy.deepcopy(read_toml(FILE))
    change(data)
    return data


@pytest.mark.parametrize("change, path", [
    (lambda d: d["tiles"][3].update(kind="castle"), "tiles[3].kind"),
    (lambda d: d["tiles"][14].update(protects=["flood"]), "tiles[14].protects[0]"),
    (lambda d: d["tiles"][0].update(cost={"wood": 1}), "tiles[0].cost"),
    (lambda d: d["tiles"][1].update(id="A01"), "tiles[1].id"),
    (lambda d: d["tiles"][2].pop("provenance"), "tiles[2].provenance"),
    (lambda d: d["chits"]["counts"].update(locusts=3), "chits.counts.locusts"),
    (lambda d: d["rules"].update(rounds="eight"), "rules.rounds"),
    (lambda d: d["income"][2].update(population=1), "income"),
    (lambda d: d["civilizations"][1].update(number=1), "civilizations[1].number"),
    (lambda d: d["disasters"]["tempest"].update(tiles=""), "disasters.tempest"),
])
def test_components_schema_errors_name_the_file_and_the_key_path(change, path):
    with pytest.raises(ConfigError) as info:
        check_components(_broken(change), "my-tiles.toml")
    assert info.value.where == "my-tiles.toml" and info.value.path == path
    assert str(info.value).startswith(f"my-tiles.toml: {path}: ")


def test_components_no_rule_number_in_the_code():
    """Rules read every number from components.toml (the declared player range and the bot's own
    weights aside)."""
    assert numbers_in_code(PACKAGE) == []
