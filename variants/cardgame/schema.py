"""The schema of ``components.toml`` for the card game (checked on load; errors name the key
path). A user's own component file must follow the same schema."""
from peloponnes.core.errors import ConfigError
from peloponnes.core.schema import ArrayOf, Field, MapOf, Table, list_default, validate

from .state import CATASTROPHES

PROVENANCE = ("printed", "reconstructed")


def _prov() -> dict:
    return {"provenance": Field(str, choices=PROVENANCE), "source": Field(str, default="")}


def _amounts(keys: tuple[str, ...]) -> MapOf:
    return MapOf(int, keys=keys)


RESOURCE_MAP = Table({k: Field(int, default=0, min=0) for k in ("wood", "stone", "grain")})

COMPONENT_SCHEMA = Table({
    "schema": Field(str, choices=("peloponnes-cardgame/1",)),
    "rules": Field(Table({
        "rounds": Field(int, min=1),
        "cards_revealed": Field(int, min=1),
        "catastrophe_cards_per_round": Field(int, min=0),
        "conquest_surcharge": Field(int, min=0),
        "pass_coin_cards": Field(int, min=0),
        "withdraw_coin_cards": Field(int, min=0),
        "luxury_max": Field(int, min=0),
        "luxury_max_after_decline": Field(int, min=0),
        "coin_cards_per_power_point": Field(int, min=1),
        "protection_symbols": Field(int, min=1),
        "catastrophe_share": Field(int, min=1),
        **_prov(),
    })),
    "luxury_card": Field(Table({"inhabitants": Field(int, min=0), "power": Field(int, min=0),
                                **_prov()})),
    "catastrophe_tracks": Field(Table({**{c: Field(int, min=2) for c in CATASTROPHES},
                                       **_prov()})),
    "coin_cards": Field(Table({**{s: Field(int, min=0) for s in
                                  ("wood", "stone", "grain", "inhabitant")}, **_prov()})),
    "income": Field(ArrayOf(Table({
        "population": Field(int, min=0), "coin_cards": Field(int, min=0),
        "luxury": Field(int, default=0, min=0), **_prov()}), min_len=1)),
    "civilizations": Field(ArrayOf(Table({
        "id": Field(str), "name": Field(str), "arrow": Field(int),
        "coin_cards": Field(int, min=0), "inhabitants": Field(int, min=0),
        "power": Field(int, min=0), "production": Field(RESOURCE_MAP),
        "catastrophes": Field(ArrayOf(str), default=list_default),
        **_prov()}), min_len=2)),
    "power_cards": Field(ArrayOf(Table({
        "id": Field(str), "era": Field(str, choices=("A", "B", "C")),
        "kind": Field(str, choices=("building", "landscape")), "name": Field(str),
        "value": Field(int, min=0), "power": Field(int, min=0),
        "inhabitants": Field(int, default=0, min=0),
        "cost": Field(_amounts(("wood", "stone")), default=dict),
        "production": Field(RESOURCE_MAP),
        "one_time": Field(Table({"coin_cards": Field(int, default=0, min=0),
                                 "luxury": Field(int, default=0, min=0)}),
                          default=lambda: {"coin_cards": 0, "luxury": 0}),
        "catastrophe": Field(str, choices=CATASTROPHES),
        "protects": Field(ArrayOf(str), default=list_default),
        "income_coin_cards": Field(int, default=0, min=0),
        "bid_bonus_halves": Field(int, default=0, min=0),
        "conquest_discount": Field(int, default=0, min=0),
        "supply": Field(bool, default=False),
        **_prov()}), min_len=1)),
})


def check_components(data: dict, where: str) -> dict:
    """Validate the structure, then the facts tying entries together."""
    data = validate(data, COMPONENT_SCHEMA, where=where)

    def fail(path: str, message: str):
        raise ConfigError(message, where=where, path=path)

    seen: set[str] = set()
    for i, card in enumerate(data["power_cards"]):
        if card["id"] in seen:
            fail(f"power_cards[{i}].id", f"duplicate id '{card['id']}'")
        seen.add(card["id"])
        for j, cat in enumerate(card["protects"]):
            if cat not in CATASTROPHES:
                fail(f"power_cards[{i}].protects[{j}]", f"unknown catastrophe '{cat}'")
        if card["kind"] == "landscape" and card["cost"]:
            fail(f"power_cards[{i}].cost", "a landscape has no building cost")
    for i, civ in enumerate(data["civilizations"]):
        for j, cat in enumerate(civ["catastrophes"]):
            if cat not in CATASTROPHES:
                fail(f"civilizations[{i}].catastrophes[{j}]", f"unknown catastrophe '{cat}'")
    populations = [row["population"] for row in data["income"]]
    if populations[0] != 0 or populations != sorted(set(populations)):
        fail("income", "rows must start at population 0 and ascend")
    return data
