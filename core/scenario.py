"""Scenarios: a TOML file that pins everything deciding a game (variant, seed, players and their
agents, options, plugins, component file). Validation is strict: unknown keys and wrong types are
errors that name the key path."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .components import read_toml
from .errors import ConfigError
from .schema import ArrayOf, Field, MapOf, Table, dict_default, list_default, validate
from .shipped import find_scenario

BOT_FOR_HUMANS = "heuristic"       # who plays a human seat where nobody can answer (batches)
# A decision kind as the rules name it (``bid_card``, ``raise_strength``): what a seat's
# ``forbid`` entry starts with.
DECISION_KIND = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def is_plugin_path(entry: str) -> bool:
    """Whether a scenario's ``plugins`` entry names a file (``my_rule.py``, ``rules/x``) rather
    than a module or entry-point name (``no_conquest``, ``my_package.rule``). The one place that
    decides it: loading, saving and sending scenarios to worker processes all ask here."""
    return entry.endswith(".py") or "/" in entry or "\\" in entry

AGENT_GROUP = "peloponnes.agents"


@lru_cache(maxsize=1)      # agents are discovered once per process
def agent_kinds() -> dict[str, Table | None]:
    """The agents a seat may name, by kind, each with the schema of its settings (None: it takes
    none). Agents are found as variants are: installed entry points, of the ``peloponnes.agents``
    group (``pyproject.toml`` registers the shipped ones: human, random, heuristic, mcts), whose
    object may declare ``settings_schema``."""
    kinds = {}
    for ep in sorted(entry_points(group=AGENT_GROUP), key=lambda ep: ep.name):
        kinds[ep.name] = getattr(ep.load(), "settings_schema", None)
    return kinds


@lru_cache(maxsize=1)      # built from the agents discovered
def scenario_schema() -> Table:
    """What a scenario file may hold; a seat's agent settings sit under the agent's own kind
    (``[players.mcts]``)."""
    kinds = agent_kinds()
    player = {"name": Field(str, default=""),
              "agent": Field(str, default="random", choices=tuple(kinds)),
              "forbid": Field(ArrayOf(str), default=list_default,
                              doc="options this seat never takes: KIND (every option of that"
                                  " decision kind) or KIND:OPTION (an option id or a pattern of"
                                  " ids, e.g. build:mortgage, bid_card:card:*); see"
                                  " docs/mechanisms.md")}
    for kind, settings in kinds.items():
        if settings is not None:
            player[kind] = Field(settings, default=dict_default,
                                 doc=f"settings of the {kind} agent (for a seat it plays)")
    return Table({
        "name": Field(str, default=""),
        "description": Field(str, default=""),
        "variant": Field(str, doc="ruleset to play: see `peloponnes variants`"),
        "seed": Field(int, default=1, min=0,
                      doc="seed of all randomness (game i of a run uses seed + i)"),
        "components": Field(str, default="", doc="component file replacing the variant's own"),
        "plugins": Field(ArrayOf(str), default=list_default, doc="plugin files or module names"),
        "options": Field(MapOf(Any), default=dict_default, doc="the variant's options"),
        "parameters": Field(MapOf(MapOf(Any)), default=dict_default,
                            doc="plugin parameters: [parameters.PLUGIN] NAME = value"),
        "players": Field(ArrayOf(Table(player), min_len=1),
                         doc="one table per seat, in seat order"),
    })


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    agent: str
    settings: dict = field(default_factory=dict, hash=False)   # its agent's settings, as given
    forbid: tuple[str, ...] = ()        # the options its agent never takes (``parse_forbid``)


def parse_forbid(entry: str) -> tuple[str, str]:
    """A seat's ``forbid`` entry as (decision kind, option pattern): ``build:mortgage`` ->
    ("build", "mortgage"), ``bid_card:card:*`` -> ("bid_card", "card:*"), ``feed_luxury`` ->
    ("feed_luxury", "*"): a kind alone forbids every option of that kind. The pattern is an
    option id or a shell-style pattern of ids (``*``, ``?``, ``[45]``, ``[!0]``). Raises
    ValueError saying what is wrong."""
    kind, sep, option = entry.strip().partition(":")
    if not DECISION_KIND.fullmatch(kind):
        raise ValueError(f"'{entry}': write KIND or KIND:OPTION, KIND a decision kind such as"
                         " build or bid_card (letters, digits and _)")
    if sep and not option.strip():
        raise ValueError(f"'{entry}': nothing after the ':'; write KIND alone to forbid every"
                         " option of that kind")
    if _unclosed_set(option):
        raise ValueError(f"'{entry}': a '[' opens a set of characters that no ']' closes")
    return kind, option.strip() if sep else "*"


def _unclosed_set(pattern: str) -> bool:
    """Whether a shell-style ``pattern`` has a ``[`` with no ``]`` after it (``fnmatch`` would
    then match the ``[`` itself, which is never what was meant)."""
    opened = pattern.rfind("[")
    return opened >= 0 and "]" not in pattern[opened + 2:]


def checked_forbid(entries, *, where: str, path: str) -> tuple[str, ...]:
    """``entries`` (a seat's ``forbid``, or ``--forbid``), each checked by ``parse_forbid``;
    a bad one is a ConfigError naming it and where it was given."""
    for i, entry in enumerate(entries):
        try:
            parse_forbid(entry)
        except ValueError as error:
            raise ConfigError(f"forbid {error}", where=where, path=f"{path}[{i}]") from None
    return tuple(e.strip() for e in entries)


def _player(index: int, checked: dict, given: dict, where: str) -> PlayerSpec:
    """Seat ``index`` of a scenario: its name, agent, and the settings given for that agent
    (only those given: defaults stay the agent's own)."""
    agent = checked["agent"]
    for kind in agent_kinds():
        if kind != agent and given.get(kind):
            raise ConfigError(f"settings for the {kind} agent, but this seat's agent is"
                              f" '{agent}'", where=where, path=f"players[{index}].{kind}")
    settings = {k: checked[agent][k] for k in given.get(agent, {})} if agent in checked else {}
    forbid = checked_forbid(checked["forbid"], where=where, path=f"players[{index}].forbid")
    return PlayerSpec(checked["name"] or f"Player {index + 1}", agent, settings, forbid)


@dataclass(frozen=True)
class Scenario:
    variant: str
    players: tuple[PlayerSpec, ...]
    seed: int = 1
    name: str = ""
    description: str = ""
    options: dict = field(default_factory=dict)
    plugins: tuple[str, ...] = ()
    components: str = ""
    source: str = ""          # the file it came from, for messages and relative paths
    parameters: dict = field(default_factory=dict)    # plugin name -> {parameter: value}
    # The user consented to the plugin code this scenario names (``--trust``, or code that built
    # the scenario itself, as ``quick`` does): see core/consent.py. Never written to a file.
    trusted: bool = False

    @classmethod
    def from_dict(cls, data: dict, *, where: str = "scenario", base_dir: Path | None = None
                  ) -> Scenario:
        checked = validate(data, scenario_schema(), where=where)
        players = tuple(_player(i, p, data["players"][i], where)
                        for i, p in enumerate(checked["players"]))
        names = [p.name for p in players]
        for i, name in enumerate(names):
            if names.index(name) != i:
                raise ConfigError(f"duplicate player name '{name}'", where=where,
                                  path=f"players[{i}].name")
        return cls(variant=checked["variant"], players=players, seed=checked["seed"],
                   name=checked["name"], description=checked["description"],
                   options=dict(checked["options"]), plugins=tuple(checked["plugins"]),
                   components=checked["components"],
                   source=str(base_dir / "scenario") if base_dir else "",
                   parameters={k: dict(v) for k, v in checked["parameters"].items()})

    @classmethod
    def from_file(cls, path: str | Path) -> Scenario:
        """Read a scenario file; a name that is no existing path may name a shipped scenario
        (``cardgame-4p``, see ``peloponnes scenarios``)."""
        path = find_scenario(str(path))
        data = read_toml(path)
        scenario = cls.from_dict(data, where=str(path), base_dir=path.parent)
        return replace(scenario, source=str(path))

    @classmethod
    def quick(cls, variant: str, players: int, *, agent: str = "random", seed: int = 1,
              options: dict | None = None, plugins: tuple[str, ...] = (),
              components: str = "") -> Scenario:
        """A scenario built in code (tests, benchmarks): ``players`` seats of one agent kind."""
        return cls(variant=variant, seed=seed, options=dict(options or {}),
                   plugins=tuple(plugins), components=components, trusted=True,
                   players=tuple(PlayerSpec(f"Player {i + 1}", agent) for i in range(players)))

    @property
    def base_dir(self) -> Path:
        return Path(self.source).parent if self.source else Path.cwd()

    @property
    def where(self) -> str:
        return self.source or "scenario"

    def with_agents(self, agent: str) -> Scenario:
        return replace(self, players=tuple(
            replace(p, agent=agent, settings=p.settings if agent == p.agent else {})
            for p in self.players))

    def with_forbid(self, seat: int, entries: tuple[str, ...]) -> Scenario:
        """The scenario with seat ``seat`` (from 0) also never taking the options ``entries``
        name (``--forbid``: each checked by ``parse_forbid``, a bad one an error naming it)."""
        if not 0 <= seat < len(self.players):
            raise ConfigError(f"no seat {seat + 1}: the scenario has {len(self.players)}"
                              " players", where=self.where)
        for entry in entries:
            try:
                parse_forbid(entry)
            except ValueError as error:
                raise ConfigError(f"--forbid {error}") from None
        entries = tuple(e.strip() for e in entries)
        players = list(self.players)
        own = players[seat]
        players[seat] = replace(own, forbid=own.forbid + tuple(
            e for e in entries if e not in own.forbid))
        return replace(self, players=tuple(players))

    def with_bots_for_humans(self, bot: str = BOT_FOR_HUMANS) -> tuple[Scenario, list[str]]:
        """The scenario with every human seat played by ``bot`` (for simulate and compare,
        where nobody answers), and the names of the seats replaced."""
        humans = [p.name for p in self.players if p.agent == "human"]
        if not humans:
            return self, []
        players = tuple(replace(p, agent=bot) if p.agent == "human" else p
                        for p in self.players)
        return replace(self, players=players), humans

    def with_absolute_paths(self) -> Scenario:
        """The scenario with its source, plugin files and component file as absolute paths, so
        another process (any current folder) finds the same files: what a batch job sends."""
        moved = replace(self, source=str(Path(self.source).resolve()) if self.source else "")
        return replace(moved, components=moved.resolve(self.components) if self.components else "",
                       plugins=tuple(moved.resolve(p) if is_plugin_path(p) else p
                                     for p in self.plugins))

    def to_dict(self, resolve_paths: bool = True) -> dict:
        """The scenario as TOML-ready data (what ``tomli_w`` writes and ``from_dict`` reads).
        ``resolve_paths`` makes plugin and component paths absolute (for saved games, which
        live in another folder)."""
        resolve = self.resolve if resolve_paths else (lambda p: p)
        out: dict[str, Any] = {}
        if self.name:
            out["name"] = self.name
        if self.description:
            out["description"] = self.description
        out["variant"] = self.variant
        out["seed"] = self.seed
        if self.components:
            out["components"] = resolve(self.components)
        if self.plugins:
            out["plugins"] = [resolve(p) if is_plugin_path(p) else p for p in self.plugins]
        if self.options:
            out["options"] = dict(self.options)
        if self.parameters:
            out["parameters"] = {k: dict(v) for k, v in self.parameters.items()}
        out["players"] = [{"name": p.name, "agent": p.agent,
                           **({p.agent: dict(p.settings)} if p.settings else {}),
                           **({"forbid": list(p.forbid)} if p.forbid else {})}
                          for p in self.players]
        return out

    def resolve(self, relative: str) -> str:
        """A path named in the scenario: relative to the scenario's folder, else to the current
        folder; returned as an absolute path when it exists, unchanged otherwise."""
        for base in (self.base_dir, Path.cwd()):
            candidate = (base / relative)
            try:
                if candidate.exists():
                    return str(candidate.resolve())
            except (OSError, ValueError):   # a NUL byte, a name too long for the system
                return relative
        return relative


def options_from_pairs(pairs) -> dict:
    """``("negotiation=true", "rounds=6")`` (``new-scenario --option``) -> ``{"negotiation":
    True, "rounds": 6}``: a VALUE is read as TOML, else taken as text."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option {pair}: write KEY=VALUE, e.g. --option negotiation=true")
        try:
            options[key.strip()] = tomllib.loads(f"v = {value.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            options[key.strip()] = value.strip()
    return options
