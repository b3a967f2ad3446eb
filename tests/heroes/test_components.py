"""Heroes & Colonies' component data: the printed facts are in the file and flagged printed, the
reconstructed values are flagged reconstructed with a source, the values follow the rulebook's
descriptions, and a broken file is refused with the file and key path named."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
import tomli_w

from peloponnes.core.components import read_toml, reconstructed_paths
from peloponnes.core.errors import ConfigError
from peloponnes.variants.heroes.schema import check_components, colony_mat, merge_with_base

FILE = Path(__file__).resolve().parents[2] / "variants" / "heroes" / "components.toml"
RAW = read_toml(FILE)


def load(raw: dict | None = None, path: Path = FILE) -> dict:
    return check_components(merge_with_base(copy.deepcopy(raw or RAW), path), str(path))


DATA = load()
EXP = DATA["expansion"]
HEROES = {h["id"]: h for h in EXP["heroes"]}
COLONIES = {c["id"]: c for c in EXP["colonies"]}
BASE_MAT = {"wood": 10, "stone": 10, "food": 13}


def mat(colony_id: str) -> dict:
    return colony_mat(DATA, COLONIES[colony_id])


def income_at(rows: list[dict], population: int) -> tuple[int, int]:
    row = [r for r in rows if r["population"] <= population][-1]
    return row["coins"], row["luxury"]


# --- printed facts --------------------------------------------------------------------------------

def test_setup_six_disasters_and_24_chits_in_two_stacks_of_12():
    assert sorted(DATA["disasters"]) == sorted(["plague", "earthquake", "tempest", "drought",
                                                "decline", "persians"])
    counts = DATA["chits"]["counts"]
    assert counts["persians"] == 8 and sum(counts.values()) == 24
    assert sum(n for k, n in counts.items() if k != "persians") == 16
    rules = EXP["rules"]
    assert (rules["chit_stacks"], rules["chits_per_stack"]) == (2, 12)
    assert EXP["added"]["chits"]["provenance"] == "printed"


def test_rulebook_numbers_are_printed():
    rules = EXP["rules"]
    assert rules["provenance"] == "printed"
    assert rules["chits_per_round"] == 3 and rules["final_chits"] == 3
    assert rules["strength_cap"] == 29 and rules["strength_start"] == 0
    assert rules["clovers"] == 3 and rules["clover_points"] == 2
    assert rules["strength_cost_building"] == {"wood": 1, "stone": 1}
    assert rules["strength_cost_land"] == {"food": 2}
    assert (rules["mercenary_coins"], rules["mercenary_strength"],
            rules["mercenary_points"]) == (1, 1, 1)
    assert rules["halving_divisor"] == 2
    assert [(c["from_players"], c["pairs"]) for c in rules["conflict"]] == [(1, 1), (5, 2)]


def test_persians_attack_after_the_3rd_and_6th_chit():
    assert DATA["disasters"]["persians"]["fire_on"] == [3, 6]
    assert DATA["disasters"]["persians"]["effect"] == "custom"
    assert [(a["on_chit"], a["lost"]) for a in EXP["persians"]["attacks"]] == \
        [(3, "flip_heroes"), (6, "lose_best_tile")]


def test_sikyon_is_an_eighth_civilization_with_its_printed_start():
    civs = {c["id"]: c for c in DATA["civilizations"]}
    assert len(civs) == 8
    sikyon = civs["sikyon"]
    assert (sikyon["coins"], sikyon["goods"], sikyon["inhabitants"]) == (9, {"food": 9}, 3)
    assert sikyon["protects"] == ["tempest"]
    assert sikyon["income"] == {"food": 1, "wood": -1, "stone": -1}
    assert sikyon["provenance"] == "printed"
    assert len({c["number"] for c in civs.values()}) == 8           # a turn-order number each


# The digest's hero table: start goods (printed).
HERO_STARTS = {
    "achilles": {"coins": 1, "inhabitants": 2, "strength": 5},
    "andromeda": {"food": 5, "inhabitants": 2},
    "ariadne": {},
    "daedalus": {"strength": 1},
    "hector": {"strength": 4},
    "helen": {"coins": 5, "inhabitants": 2, "strength": 1},
    "odysseus": {"strength": 3},
    "penelope": {"inhabitants": 1, "strength": 1},
    "sisyphus": {"coins": 2, "inhabitants": 1, "strength": 3},
    "tantalus": {"coins": 2, "food": 2, "strength": 3},
}


def test_ten_heroes_with_their_printed_start_goods():
    assert {h: HEROES[h]["start"] for h in HEROES} == HERO_STARTS
    assert all(h["provenance"] == "printed" for h in HEROES.values())


def test_hero_abilities_carry_the_printed_numbers():
    ability = {h: HEROES[h]["ability"] for h in HEROES}
    assert ability["achilles"]["kind"] == "extra_strength" and ability["achilles"]["amount"] == 2
    assert (ability["andromeda"]["amount"], ability["andromeda"]["threshold"]) == (3, 1)
    assert ability["ariadne"] == {**ability["ariadne"], "kind": "redraw_chit", "amount": 1}
    assert ability["daedalus"]["amount"] == 2 and \
        sorted(ability["daedalus"]["resources"]) == ["stone", "wood"]
    assert ability["hector"]["amount"] == 2
    assert ability["helen"]["amount"] == 1
    assert (ability["odysseus"]["amount"], ability["odysseus"]["coins"]) == (1, 1)
    assert ability["penelope"]["amount"] == 2
    assert ability["sisyphus"]["amount"] == 2                    # half coins: 1 coin higher
    assert ability["tantalus"]["kind"] == "mercenaries_each_supply"
    assert {h: HEROES[h]["flipped_loss"] for h in HEROES if HEROES[h]["flipped_loss"]} == \
        {"achilles": {"stone": 1}, "andromeda": {"wood": 1}, "helen": {"food": 1}}


def test_colony_traits_named_by_the_rulebook_are_printed():
    assert all(c["provenance"] == "printed" for c in COLONIES.values())
    assert len(COLONIES) == 9
    assert (mat("byzantium")["points_per_inhabitant"], mat("byzantium")["coins_per_prestige"]) \
        == (4, 4)
    assert mat("miletus")["coins_per_prestige"] == 2 and COLONIES["miletus"]["turn_order"] == \
        "first"
    assert mat("naxos")["coins_per_prestige"] == 2
    assert mat("salamis")["points_per_inhabitant"] == 2
    assert COLONIES["salamis"]["inhabitants_per_food"] == 2
    assert COLONIES["leptis_magna"]["mark_coins"] == 3
    assert COLONIES["leptis_magna"]["free_land_placement"] is True
    assert mat("naukratis")["luxury_trade_rate"] == 1
    assert COLONIES["apollonia"]["turn_order"] == "last"
    assert COLONIES["apollonia"]["disasters"]["earthquake"]["pay"] == {"wood": 2, "stone": 2}
    assert COLONIES["taras"]["disasters"]["tempest"]["pay"] == {"food": 2, "coins": 2}
    decline = COLONIES["taras"]["disasters"]["decline"]
    assert (decline["effect"], decline["numerator"], decline["denominator"]) == \
        ("lose_share", 1, 1)                                     # all luxury goods


# --- reconstructed values -------------------------------------------------------------------------

def test_unknown_values_are_flagged_reconstructed_with_a_source():
    paths = reconstructed_paths(DATA)
    for expected in ("expansion.persian_chits", "expansion.turn_order",
                     "expansion.colony_defaults", "expansion.colonies[0].board",
                     "expansion.colonies[0].disasters.drought", "expansion.heroes[0].red"):
        assert any(p.startswith(expected) for p in paths), expected
    assert all(h["red"]["provenance"] == "reconstructed" and h["red"]["source"]
               for h in HEROES.values())
    assert all(c["board"]["provenance"] == "reconstructed" and c["board"]["source"]
               for c in COLONIES.values())
    for table in EXP["income_tables"].values():
        assert table["provenance"] == "reconstructed" and table["source"]
    assert EXP["persian_chits"]["source"] and EXP["turn_order"]["source"]


def test_persian_chit_values_are_small_and_fit_the_rulebook_example():
    values = EXP["persian_chits"]["values"]
    assert len(values) == 8 and all(0 <= v <= 3 for v in values)
    # the example's 4 players x 5 = 20 after three chits is a possible draw
    from itertools import combinations
    assert any(sum(c) == 5 for c in combinations(values, 3))


def test_colonies_without_a_printed_ratio_use_the_base_games_flagged_as_inference():
    defaults = EXP["colony_defaults"]
    assert (defaults["coins_per_prestige"], defaults["points_per_inhabitant"]) == (3, 3)
    assert defaults["provenance"] == "reconstructed"
    assert mat("massilia")["coins_per_prestige"] == 3 and mat("taras")["points_per_inhabitant"] == 3


def test_apollonia_drought_halves_the_food_keeping_the_rounded_down_half():
    """Our documented reading: 'halve the food, round down' rounds the REST down (the loss up),
    as the rulebook's Strength halving 8 -> 4 rounds the rest; flagged reconstructed."""
    drought = COLONIES["apollonia"]["disasters"]["drought"]
    assert (drought["numerator"], drought["denominator"], drought["rounding"]) == (1, 2, "up")
    assert drought["provenance"] == "reconstructed" and "rest" in drought["source"]
    food = 7
    loss = -(-food * drought["numerator"] // drought["denominator"])
    assert food - loss == 3


def test_storehouses_follow_small_and_large():
    small = {"apollonia": ("stone", "food"), "byzantium": ("food",),
             "massilia": ("wood", "stone", "food"), "taras": ("wood", "stone")}
    for colony, kinds in small.items():
        for r in kinds:
            assert mat(colony)["storehouse"][r] < BASE_MAT[r], (colony, r)
    for colony in ("naukratis", "naxos"):
        for r in BASE_MAT:
            assert mat(colony)["storehouse"][r] > BASE_MAT[r], (colony, r)
    assert mat("salamis")["storehouse"] == BASE_MAT


def test_income_tables_follow_the_descriptions():
    base = DATA["income"]
    pops = range(0, 24)

    def coins(colony, p):
        return income_at(mat(colony)["income"], p)[0]

    def luxury(colony, p):
        return income_at(mat(colony)["income"], p)[1]

    base_coins = {p: income_at(base, p)[0] for p in pops}
    base_luxury = {p: income_at(base, p)[1] for p in pops}
    for colony in ("apollonia", "byzantium", "massilia", "miletus", "taras"):   # better luxury
        assert all(luxury(colony, p) >= base_luxury[p] for p in pops)
        assert sum(luxury(colony, p) for p in pops) > sum(base_luxury.values()), colony
    assert all(luxury("naxos", p) <= base_luxury[p] for p in pops)               # worse luxury
    assert sum(luxury("naxos", p) for p in pops) < sum(base_luxury.values())
    for colony in ("miletus", "naxos", "leptis_magna"):                           # higher income
        assert all(coins(colony, p) >= base_coins[p] for p in pops)
        assert sum(coins(colony, p) for p in pops) > sum(base_coins.values()), colony
    assert sum(coins("miletus", p) for p in pops) > sum(coins("leptis_magna", p) for p in pops)
    for colony in ("byzantium", "naukratis"):                                     # smaller
        assert all(coins(colony, p) <= base_coins[p] for p in pops)
        assert sum(coins(colony, p) for p in pops) < sum(base_coins.values()), colony
    assert mat("salamis")["income"] == [dict(r) for r in base]


def test_hero_turn_order_numbers_differ():
    numbers = EXP["turn_order"]["heroes"]
    assert sorted(numbers) == sorted(HEROES) and len(set(numbers.values())) == len(numbers)


# --- validation: errors name the file and the key path --------------------------------------------

def broken(change) -> dict:
    raw = copy.deepcopy(RAW)
    change(raw)
    return raw


@pytest.mark.parametrize("change, path, message", [
    (lambda d: d["heroes"][0]["start"].update(coins="one"), "heroes[0].start.coins",
     "expected an integer"),
    (lambda d: d["heroes"][1]["ability"].update(kind="flying"), "heroes[1].ability.kind",
     "unknown value 'flying'"),
    (lambda d: d["colonies"][2]["board"].update(income="lavish"), "colonies[2].board.income",
     "unknown income table 'lavish'"),
    (lambda d: d["persian_chits"].update(values=[1, 2]), "persian_chits.values",
     "2 values for 8 persians chits"),
    (lambda d: d["added"]["disasters"]["persians"].update(fire_on=[2, 6]), "persians.attacks",
     "differ from the disaster's fire_on"),
    (lambda d: d["rules"].update(chits_per_stack=11), "rules.chits_per_stack",
     "do not hold the 24 disaster chits"),
    (lambda d: d["colonies"][0]["disasters"].update(flood={"effect": "lose_amount",
                                                           "track": "food", "amount": 1,
                                                           "provenance": "printed"}),
     "colonies[0].disasters.flood", "unknown disaster 'flood'"),
    (lambda d: d["turn_order"]["heroes"].pop("helen"), "turn_order.heroes",
     "no turn-order number for hero 'helen'"),
    (lambda d: d["rules"].update(surprise=1), "rules.surprise", "unknown key 'surprise'"),
    (lambda d: d["colonies"][3].pop("provenance"), "colonies[3].provenance",
     "missing required key"),
    (lambda d: d["income_tables"]["limited"]["rows"].reverse(),
     "income_tables.limited.rows", "must start at population 0"),
])
def test_a_broken_file_is_refused_naming_file_and_key_path(change, path, message):
    with pytest.raises(ConfigError) as caught:
        load(broken(change))
    text = str(caught.value)
    assert str(FILE) in text and path in text and message in text, text


def test_the_base_may_be_another_board_game_component_file(tmp_path):
    base = read_toml(FILE.parents[1] / "boardgame" / "components.toml")
    base["player_mat"]["food"] = 15
    (tmp_path / "mine.toml").write_text(tomli_w.dumps(base))
    raw = broken(lambda d: d.update(base="mine.toml"))
    heroes_file = tmp_path / "heroes.toml"
    heroes_file.write_text(tomli_w.dumps(raw))
    data = load(read_toml(heroes_file), heroes_file)
    assert data["player_mat"]["food"] == 15 and data["chits"]["counts"]["persians"] == 8
    missing = broken(lambda d: d.update(base="nowhere.toml"))
    with pytest.raises(ConfigError, match=re.escape("base: base component file 'nowhere.toml'")):
        load(missing, heroes_file)


def test_merged_data_validates_again_unchanged():
    assert check_components(copy.deepcopy(DATA), "again") == DATA
    with pytest.raises(ConfigError, match="not Heroes & Colonies component data"):
        check_components({k: v for k, v in DATA.items() if k != "expansion"}, "plain")


def test_every_hero_and_colony_has_a_test_named_after_it():
    here = Path(__file__).parent
    names = [line.split("(")[0][len("def test_"):]
             for f in ("test_heroes.py", "test_colonies.py")
             for line in (here / f).read_text().splitlines() if line.startswith("def test_")]
    for entry in [*EXP["heroes"], *EXP["colonies"]]:
        assert any(n.startswith(entry["id"] + "_") for n in names), entry["id"]
    assert any(n.startswith("sikyon_") for n in names)
