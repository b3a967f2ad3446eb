"""The schema of Heroes & Colonies' ``components.toml`` (checked on load; errors name the file and
the key path), and how it is stacked on the board game's component data.

A heroes component file names its ``base`` (the installed board game's data, or a file of the
board game's schema) and holds the expansion's own data. ``merge_with_base`` builds what the game
uses: the base data with the ``[added.*]`` entries added (the Persians disaster and chits,
Sikyon), plus ``expansion`` = the heroes file itself. ``check_components`` validates that result:
the base part against the board game's schema, the expansion against this one, then the facts
tying them together.
"""
from __future__ import annotations

import copy
from pathlib import Path

from peloponnes.core.components import read_toml
from peloponnes.core.errors import ConfigError
from peloponnes.core.schema import (
    ArrayOf,
    Field,
    MapOf,
    Table,
    dict_default,
    list_default,
    validate,
)
from peloponnes.variants.boardgame.schema import COMPONENT_SCHEMA as BASE_SCHEMA
from peloponnes.variants.boardgame.schema import check_components as check_base
from peloponnes.variants.boardgame.schema import (
    check_effect,
    check_income_rows,
    failer,
)

SCHEMA_ID = "peloponnes-heroes/1"
BASE_VARIANT = "boardgame"
PROVENANCE = ("printed", "reconstructed")
CONFIDENCE = ("high", "medium", "low")
RESOURCES = ("wood", "stone", "food")
GOODS = (*RESOURCES, "coins", "inhabitants", "luxury", "strength")

ABILITIES = ("extra_strength", "coins_for_coin_tiles", "redraw_chit", "building_discount",
             "strength_loss_instead_of_halving", "inhabitants_per_land", "disaster_shield",
             "food_discount", "bid_bonus", "mercenaries_each_supply")
ATTACK_LOSSES = ("flip_heroes", "lose_best_tile")
TURN_ORDER_RULES = ("", "first", "last")
BASE_INCOME = "base"            # a colony board using the board game's own income table


def _prov(provenance: str | None = None) -> dict:
    prov = Field(str, choices=PROVENANCE) if provenance is None else \
        Field(str, default=provenance, choices=PROVENANCE)
    return {"provenance": prov, "source": Field(str, default=""),
            "confidence": Field(str, default="high", choices=CONFIDENCE)}


# The board game's own tables, reused: a disaster effect (without fire_on: a colony changes what
# a disaster does, not when it strikes) and a civilization (its turn-order number comes from
# [turn_order], where the reconstructed numbers live).
_BASE_DISASTER = BASE_SCHEMA.fields["disasters"].type.value
EFFECT = Table({k: v for k, v in _BASE_DISASTER.fields.items() if k != "fire_on"})
_BASE_CIVILIZATION = BASE_SCHEMA.fields["civilizations"].type.item
ADDED_CIVILIZATION = Table({k: v for k, v in _BASE_CIVILIZATION.fields.items() if k != "number"})

COST = MapOf(int, keys=RESOURCES)
INCOME_ROW = Table({"population": Field(int, min=0), "coins": Field(int, min=0),
                    "luxury": Field(int, default=0, min=0)})

HEROES_SCHEMA = Table({
    "schema": Field(str, choices=(SCHEMA_ID,)),
    "base": Field(str, doc='"boardgame" or a board-game component file relative to this one'),
    "base_file": Field(str, default=""),          # filled in by merge_with_base
    "rules": Field(Table({
        "chits_per_round": Field(int, min=0),
        "final_chits": Field(int, min=0),
        "chit_stacks": Field(int, min=1),
        "chits_per_stack": Field(int, min=1),
        "strength_start": Field(int, min=0),
        "strength_cap": Field(int, min=0),
        "strength_cost_building": Field(COST),
        "strength_cost_land": Field(COST),
        "clovers": Field(int, min=0),
        "clover_points": Field(int, min=0),
        "mercenary_coins": Field(int, min=0),
        "mercenary_strength": Field(int, min=0),
        "mercenary_points": Field(int, min=0),
        "halving_divisor": Field(int, min=1),
        "conflict": Field(ArrayOf(Table({"from_players": Field(int, min=1),
                                         "pairs": Field(int, min=0)}), min_len=1)),
        **_prov(),
    })),
    "added": Field(Table({
        "chits": Field(Table({"counts": Field(MapOf(int)), **_prov()})),
        "disasters": Field(MapOf(_BASE_DISASTER), default=dict_default),
        "civilizations": Field(ArrayOf(ADDED_CIVILIZATION), default=list_default),
    })),
    "persians": Field(Table({
        "disaster": Field(str),
        "attacks": Field(ArrayOf(Table({"on_chit": Field(int, min=1),
                                        "lost": Field(str, choices=ATTACK_LOSSES)}), min_len=1)),
        **_prov(),
    })),
    "persian_chits": Field(Table({"values": Field(ArrayOf(int)), **_prov()})),
    "turn_order": Field(Table({"heroes": Field(MapOf(int)),
                               "civilizations": Field(MapOf(int), default=dict_default),
                               **_prov()})),
    "colony_defaults": Field(Table({"coins_per_prestige": Field(int, min=1),
                                    "points_per_inhabitant": Field(int, min=0), **_prov()})),
    "income_tables": Field(MapOf(Table({"rows": Field(ArrayOf(INCOME_ROW, min_len=1)),
                                        **_prov()}))),
    "heroes": Field(ArrayOf(Table({
        "id": Field(str), "name": Field(str),
        "start": Field(MapOf(int, keys=GOODS), default=dict_default),
        "ability": Field(Table({
            "kind": Field(str, choices=ABILITIES),
            "amount": Field(int, default=0, min=0),
            "threshold": Field(int, default=0, min=0),
            "coins": Field(int, default=0, min=0),
            "resources": Field(ArrayOf(str), default=list_default),
        })),
        "flipped_loss": Field(MapOf(int, keys=(*RESOURCES, "coins", "luxury")),
                              default=dict_default),
        "red": Field(Table({"prestige": Field(int, min=0), **_prov()})),
        **_prov(),
    }), min_len=1)),
    "colonies": Field(ArrayOf(Table({
        "id": Field(str), "name": Field(str),
        "turn_order": Field(str, default="", choices=TURN_ORDER_RULES),
        "coins_per_prestige": Field(int, default=None, min=1),
        "points_per_inhabitant": Field(int, default=None, min=0),
        "mark_coins": Field(int, default=None, min=0),
        "luxury_trade_rate": Field(int, default=None, min=1),
        "inhabitants_per_food": Field(int, default=1, min=1),
        "free_land_placement": Field(bool, default=False),
        "disasters": Field(MapOf(EFFECT), default=dict_default),
        "board": Field(Table({
            "storehouse": Field(Table({r: Field(int, min=0) for r in RESOURCES})),
            "income": Field(str),
            **_prov(),
        })),
        **_prov(),
    }), min_len=1)),
})


# --- stacking on the board game ----------------------------------------------------------------

def base_components_path(base: str, heroes_file: str | Path) -> Path:
    """Where the base data lives: "boardgame" is the installed board game's own file, anything
    else a path relative to the heroes file's folder."""
    if base == BASE_VARIANT:
        from peloponnes.variants.boardgame.plugin import HERE as BOARDGAME_HERE
        return BOARDGAME_HERE / "components.toml"
    return (Path(heroes_file).parent / base).resolve()


def merge_with_base(data: dict, path: str | Path) -> dict:
    """The game's component data from a heroes file (``data``, read from ``path``): its base
    with the additions, plus ``expansion`` (the heroes file, validated)."""
    where = str(path)
    heroes = validate(data, HEROES_SCHEMA, where=where)
    base_path = base_components_path(heroes["base"], path)
    if not base_path.is_file():
        raise ConfigError(f"base component file '{heroes['base']}' not found ({base_path})",
                          where=where, path="base")
    base = copy.deepcopy(read_toml(base_path))
    heroes["base_file"] = str(base_path)
    added = heroes["added"]
    if not isinstance(base.get("chits"), dict) or not isinstance(base["chits"].get("counts"),
                                                                 dict):
        raise ConfigError("the base data has no [chits] counts", where=str(base_path),
                          path="chits.counts")
    counts = base["chits"]["counts"]
    for name, n in added["chits"]["counts"].items():
        counts[name] = counts.get(name, 0) + n
    disasters = base.setdefault("disasters", {})
    for name, effect in added["disasters"].items():
        if name in disasters:
            raise ConfigError(f"the base data already has a disaster '{name}'", where=where,
                              path=f"added.disasters.{name}")
        disasters[name] = effect
    civilizations = base.setdefault("civilizations", [])
    numbers = heroes["turn_order"]["civilizations"]
    for i, civ in enumerate(added["civilizations"]):
        if civ["id"] not in numbers:
            raise ConfigError(f"no turn-order number for civilization '{civ['id']}'", where=where,
                              path=f"turn_order.civilizations (added.civilizations[{i}])")
        civilizations.append({**civ, "number": numbers[civ["id"]]})
    return {**base, "expansion": heroes}


# --- validation --------------------------------------------------------------------------------

def _without_none(data):
    """Validated data again as written (optional keys left out are None once validated)."""
    if isinstance(data, dict):
        return {k: _without_none(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_without_none(v) for v in data]
    return data


def check_components(data: dict, where: str) -> dict:
    """Validate the merged component data (see ``merge_with_base``); return it with defaults
    filled in. The structure first, then the facts tying entries together, section by section."""
    if not isinstance(data, dict) or "expansion" not in data:
        raise ConfigError(f"not Heroes & Colonies component data: expected a file with schema = "
                          f"\"{SCHEMA_ID}\" and a `base`", where=where, path="schema")
    expansion = validate(_without_none(data["expansion"]), HEROES_SCHEMA, where=where)
    base_where = expansion["base_file"] or where
    base = check_base({k: v for k, v in data.items() if k != "expansion"}, base_where)
    fail = failer(where)
    check_rules(expansion, base, fail)
    check_persians(expansion, base, fail)
    for name, table in expansion["income_tables"].items():
        check_income_rows(fail, f"income_tables.{name}.rows", table["rows"])
    check_heroes(expansion, fail)
    check_colonies(expansion, base, fail)
    return {**base, "expansion": expansion}


def check_rules(expansion: dict, base: dict, fail) -> None:
    rules = expansion["rules"]
    total = sum(base["chits"]["counts"].values())
    if rules["chit_stacks"] * rules["chits_per_stack"] != total:
        fail("rules.chits_per_stack", f"{rules['chit_stacks']} stacks of "
             f"{rules['chits_per_stack']} do not hold the {total} disaster chits")
    froms = [c["from_players"] for c in rules["conflict"]]
    if froms[0] != 1 or froms != sorted(set(froms)):
        fail("rules.conflict", "rows must start at from_players = 1 and ascend")


def check_persians(expansion: dict, base: dict, fail) -> None:
    name = expansion["persians"]["disaster"]
    if name not in base["disasters"]:
        fail("persians.disaster", f"no disaster '{name}' (add it under [added.disasters])")
    disaster = base["disasters"][name]
    if disaster["effect"] != "custom":
        fail(f"added.disasters.{name}.effect", "the Persians are resolved by the heroes plugin:"
             " effect must be \"custom\"")
    on_chits = [a["on_chit"] for a in expansion["persians"]["attacks"]]
    if on_chits != disaster["fire_on"]:
        fail("persians.attacks", f"attacks on chits {on_chits} differ from the disaster's "
             f"fire_on {disaster['fire_on']}")
    values = expansion["persian_chits"]["values"]
    chits = base["chits"]["counts"].get(name, 0)
    if len(values) != chits:
        fail("persian_chits.values", f"{len(values)} values for {chits} {name} chits")
    if any(v < 0 for v in values):
        fail("persian_chits.values", "values cannot be negative")


def check_heroes(expansion: dict, fail) -> None:
    cap = expansion["rules"]["strength_cap"]
    numbers = expansion["turn_order"]["heroes"]
    seen: set[str] = set()
    for i, hero in enumerate(expansion["heroes"]):
        at = f"heroes[{i}]"
        if hero["id"] in seen:
            fail(f"{at}.id", f"duplicate id '{hero['id']}'")
        seen.add(hero["id"])
        if hero["id"] not in numbers:
            fail("turn_order.heroes", f"no turn-order number for hero '{hero['id']}'")
        check_hero(hero, at, cap, fail)
    for hero_id in numbers:
        if hero_id not in seen:
            fail(f"turn_order.heroes.{hero_id}", f"unknown hero '{hero_id}'")
    if len(set(numbers.values())) != len(numbers):
        fail("turn_order.heroes", "turn-order numbers must differ")


def check_hero(hero: dict, at: str, cap: int, fail) -> None:
    if any(n < 0 for n in hero["start"].values()):
        fail(f"{at}.start", "start goods cannot be negative")
    if hero["start"].get("strength", 0) > cap:
        fail(f"{at}.start.strength", f"above the Strength cap {cap}")
    if any(n < 0 for n in hero["flipped_loss"].values()):
        fail(f"{at}.flipped_loss", "losses are given as positive numbers")
    ability = hero["ability"]
    if ability["kind"] == "building_discount" and (
            not ability["resources"] or set(ability["resources"]) - {"wood", "stone"}):
        fail(f"{at}.ability.resources", "a building discount names wood and/or stone")


def check_colonies(expansion: dict, base: dict, fail) -> None:
    tables = expansion["income_tables"]
    seen: set[str] = set()
    for i, colony in enumerate(expansion["colonies"]):
        at = f"colonies[{i}]"
        if colony["id"] in seen:
            fail(f"{at}.id", f"duplicate id '{colony['id']}'")
        seen.add(colony["id"])
        income = colony["board"]["income"]
        if income != BASE_INCOME and income not in tables:
            known = ", ".join([BASE_INCOME, *sorted(tables)])
            fail(f"{at}.board.income", f"unknown income table '{income}' (known: {known})")
        for disaster, effect in colony["disasters"].items():
            check_colony_effect(f"{at}.disasters.{disaster}", disaster, effect, base, fail)
    for place in ("first", "last"):
        if sum(1 for c in expansion["colonies"] if c["turn_order"] == place) > 1:
            fail("colonies", "at most one colony is always first and one always last")


def check_colony_effect(at: str, disaster: str, effect: dict, base: dict, fail) -> None:
    """A colony's own effect of a disaster: like the board game's, never custom."""
    if disaster not in base["disasters"]:
        fail(at, f"unknown disaster '{disaster}'")
    if effect["effect"] == "custom":
        fail(f"{at}.effect", "a colony cannot make a disaster custom")
    check_effect(fail, at, effect)


def colony_mat(components: dict, colony: dict) -> dict:
    """The player mat a colony board gives (what ``provide_player_mat`` returns): the board's
    storehouses and income table, the colony's scoring ratios and luxury trade rate (the
    defaults where its text names none), and the colony itself under ``colony``."""
    expansion = components["expansion"]
    defaults = expansion["colony_defaults"]
    base_rules = components["rules"]
    board = colony["board"]
    income = board["income"]
    rows = components["income"] if income == BASE_INCOME else \
        expansion["income_tables"][income]["rows"]

    def own_or(key: str, default):
        """The colony's own value, else the default (its text names none)."""
        return default if colony[key] is None else colony[key]

    return {
        "storehouse": dict(board["storehouse"]),
        "income": rows,         # the components' table, shared as the board game's mat shares it
        "coins_per_prestige": own_or("coins_per_prestige", defaults["coins_per_prestige"]),
        "points_per_inhabitant": own_or("points_per_inhabitant",
                                        defaults["points_per_inhabitant"]),
        "luxury_trade_rate": own_or("luxury_trade_rate", base_rules["luxury_trade_rate"]),
        "colony": colony["id"],
    }
