"""The schema of ``components.toml`` for the tile board game (checked on load; errors name the
file and the key path). A user's own component file, or an expansion's, follows the same schema."""
from peloponnes.core.errors import ConfigError
from peloponnes.core.schema import ArrayOf, Field, MapOf, Table, list_default, validate

from .state import BLANK, RESOURCES

PROVENANCE = ("printed", "reconstructed")
CONFIDENCE = ("high", "medium", "low")
TRACKS = (*RESOURCES, "population", "luxury", "coins")
EFFECTS = ("pay_per_tile", "lose_share", "lose_amount", "custom")


def _prov() -> dict:
    return {"provenance": Field(str, choices=PROVENANCE), "source": Field(str, default=""),
            "confidence": Field(str, default="high", choices=CONFIDENCE)}


COMPONENT_SCHEMA = Table({
    "schema": Field(str, choices=("peloponnes-boardgame/1",)),
    "rules": Field(Table({
        "rounds": Field(int, min=1),
        "eras": Field(ArrayOf(str, min_len=1)),
        "tiles_revealed": Field(int, min=1),
        "solo_reveal_as_players": Field(int, min=1),
        "conquest_surcharge": Field(int, min=0),
        "pass_coins": Field(int, min=0),
        "withdraw_coins": Field(int, min=0),
        "mark_coins": Field(int, min=0),
        "chits_per_round": Field(int, min=0),
        "luxury_trade_rate": Field(int, min=1),
        "food_per_inhabitant": Field(int, min=0),
        "coins_per_prestige": Field(int, min=1),
        "points_per_inhabitant": Field(int, min=0),
        **_prov(),
    })),
    "player_mat": Field(Table({**{r: Field(int, min=0) for r in RESOURCES}, **_prov()})),
    "income": Field(ArrayOf(Table({
        "population": Field(int, min=0), "coins": Field(int, min=0),
        "luxury": Field(int, default=0, min=0), **_prov()}), min_len=1)),
    "bank": Field(Table({
        "silver": Field(int, min=0), "gold": Field(int, min=0),
        "silver_value": Field(int, min=0), "gold_value": Field(int, min=0), **_prov()})),
    "chits": Field(Table({"counts": Field(MapOf(int)), **_prov()})),
    "disasters": Field(MapOf(Table({
        "effect": Field(str, choices=EFFECTS),
        "tiles": Field(str, default="", choices=("", "building", "land")),
        "pay": Field(MapOf(int, keys=("wood", "stone", "food", "coins")), default=dict),
        "track": Field(str, default="", choices=("", *TRACKS)),
        "numerator": Field(int, default=1, min=0),
        "denominator": Field(int, default=1, min=1),
        "rounding": Field(str, default="up", choices=("up", "down")),
        "amount": Field(int, default=0, min=0),
        "fire_on": Field(ArrayOf(int, min_len=1)),
        **_prov()}))),
    "civilizations": Field(ArrayOf(Table({
        "id": Field(str), "number": Field(int), "name": Field(str),
        "coins": Field(int, min=0), "inhabitants": Field(int, min=0),
        "goods": Field(MapOf(int, keys=RESOURCES), default=dict),
        # per round; may be negative (an expansion's civilization that loses goods each round)
        "income": Field(MapOf(int, keys=(*RESOURCES, "coins", "inhabitants")), default=dict),
        "protects": Field(ArrayOf(str), default=list_default),
        **_prov()}), min_len=1)),
    "tiles": Field(ArrayOf(Table({
        "id": Field(str), "era": Field(str), "kind": Field(str, choices=("building", "land")),
        "name": Field(str, default=""),
        "bid": Field(int, min=0), "prestige": Field(int, min=0),
        "cost": Field(MapOf(int, keys=("wood", "stone")), default=dict),
        "one_time": Field(MapOf(int, keys=("coins", "inhabitants", "luxury", *RESOURCES)),
                          default=dict),
        "income": Field(MapOf(int, keys=(*RESOURCES, "coins", "choice")), default=dict),
        "supply": Field(bool, default=False),
        "protects": Field(ArrayOf(str), default=list_default),
        "bid_bonus_halves": Field(int, default=0, min=0),
        "placement_wildcard": Field(bool, default=False),
        **_prov()}), min_len=1)),
})


def check_components(data: dict, where: str) -> dict:
    """Validate the structure, then the facts tying entries together, section by section."""
    data = validate(data, COMPONENT_SCHEMA, where=where)
    fail = failer(where)
    check_disasters(data, fail)
    check_chits(data, fail)
    check_tiles(data, fail)
    check_civilizations(data, fail)
    check_income(data, fail)
    return data


def failer(where: str):
    """``fail(path, message)``: raise the ConfigError naming the file and the key path."""
    def fail(path: str, message: str):
        raise ConfigError(message, where=where, path=path)
    return fail


def check_disasters(data: dict, fail) -> None:
    for name, effect in data["disasters"].items():
        check_effect(fail, f"disasters.{name}", effect)


def check_effect(fail, at: str, effect: dict) -> None:
    """A disaster effect (``[disasters.NAME]``, or a colony's own) has what its kind needs."""
    kind = effect["effect"]
    if kind == "pay_per_tile" and (not effect["tiles"] or not effect["pay"]):
        fail(at, "a pay_per_tile disaster needs `tiles` and `pay`")
    if kind in ("lose_share", "lose_amount") and not effect["track"]:
        fail(f"{at}.track", f"a {kind} disaster needs a track")
    if any(n < 0 for n in effect["pay"].values()):
        fail(f"{at}.pay", "amounts cannot be negative")


def check_chits(data: dict, fail) -> None:
    for key, count in data["chits"]["counts"].items():
        if count < 0:
            fail(f"chits.counts.{key}", "cannot be negative")
        if key != BLANK and key not in data["disasters"]:
            fail(f"chits.counts.{key}", f"no [disasters.{key}] entry says what this disaster does")


def check_protects(data: dict, fail, path: str, names: list[str]) -> None:
    for j, name in enumerate(names):
        if name not in data["disasters"]:
            fail(f"{path}[{j}]", f"unknown disaster '{name}'")


def check_no_negative(fail, path: str, amounts: dict) -> None:
    for key, n in amounts.items():
        if n < 0:
            fail(f"{path}.{key}", "cannot be negative")


def check_tiles(data: dict, fail) -> None:
    eras = data["rules"]["eras"]
    seen: set[str] = set()
    for i, tile in enumerate(data["tiles"]):
        at = f"tiles[{i}]"
        if tile["id"] in seen:
            fail(f"{at}.id", f"duplicate id '{tile['id']}'")
        seen.add(tile["id"])
        if tile["era"] not in eras:
            fail(f"{at}.era", f"unknown era '{tile['era']}' (rules.eras: {', '.join(eras)})")
        if tile["kind"] == "land" and tile["cost"]:
            fail(f"{at}.cost", "a land tile has no building cost")
        if tile["kind"] == "building" and not tile["name"]:
            fail(f"{at}.name", "a building needs a name")
        for key in ("cost", "income"):
            check_no_negative(fail, f"{at}.{key}", tile[key])
        check_protects(data, fail, f"{at}.protects", tile["protects"])


def check_civilizations(data: dict, fail) -> None:
    numbers: set[int] = set()
    for i, civ in enumerate(data["civilizations"]):
        if civ["number"] in numbers:
            fail(f"civilizations[{i}].number", f"duplicate number {civ['number']}")
        numbers.add(civ["number"])
        check_protects(data, fail, f"civilizations[{i}].protects", civ["protects"])
        check_no_negative(fail, f"civilizations[{i}].goods", civ["goods"])


def check_income(data: dict, fail) -> None:
    check_income_rows(fail, "income", data["income"])


def check_income_rows(fail, path: str, rows: list[dict]) -> None:
    """An income table starts at population 0 and ascends."""
    populations = [row["population"] for row in rows]
    if populations[0] != 0 or populations != sorted(set(populations)):
        fail(path, "rows must start at population 0 and ascend")
