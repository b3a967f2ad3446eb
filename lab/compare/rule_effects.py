"""What each house rule did, without a metric plugin: ``compare``'s rule effects.

A plugin a ruleset adds against the first one (a file or module plugin the first ruleset does
not load) is watched in every game (``lab.coverage``): each call of its hooks, by seat and
round, and whether its answer differed from what the rules it overrides would have answered;
the options taken in the decisions its phases ask. Here those counts become figures per game
and one sentence per plugin: the generic part always ("changed the answer of count_revealed
8.0 times a game (of 8.0 calls)"), after it the plugin's own words when it implements
``describe_effect``. Hooks only the table and the reports ask (``lab.coverage.NOT_IN_BATCH``)
are left out: games never ask them.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from peloponnes.core.plugins import Ruleset
from peloponnes.lab.batch import Tally
from peloponnes.lab.compare.formatting import num
from peloponnes.lab.compare.scenarios import Entry
from peloponnes.lab.coverage import (
    END,
    SETUP,
    Coverage,
    result_ignored,
    scenario_plugins,
    watched_hooks,
)

# How a hook's answers count: "answer" (one answer wins: the plugin's, or its wrapper's
# change), "collected" (every plugin's answer is gathered), "told" (the answer is ignored).
ANSWER, COLLECTED, TOLD = "answer", "collected", "told"


@dataclass
class HookEffect:
    """One hook of a plugin, per game: how often it was asked, how often its answer differed
    from the rules' (None for a hook whose answer is ignored), by how much in all when the
    answers are numbers; the same by seat (0-based) and by round, as (asked, changed)."""
    hook: str
    kind: str
    asked: float
    changed: float | None
    by: float | None = None
    seats: dict[int, tuple[float, float]] = field(default_factory=dict)
    rounds: dict[int, tuple[float, float]] = field(default_factory=dict)


@dataclass
class PluginEffect:
    """What one plugin did in one ruleset's games (``scenario``: its letter)."""
    scenario: str
    plugin: str
    games: int
    hooks: list[HookEffect]
    options: dict[str, dict[str, float]]       # decision kind -> option -> taken a game
    own: str | None = None                    # the plugin's own sentence (describe_effect)

    @property
    def sentence(self) -> str:
        own = f"{self.own}; " if self.own else ""
        return f"{self.scenario}: {self.plugin} {own}{generic_sentence(self)}"

    def as_effect(self, differences: dict[str, float]) -> dict:
        """The ``effect`` argument of ``describe_effect``."""
        return {"games": self.games,
                "hooks": {h.hook: {"asked": h.asked, "changed": h.changed, "by": h.by}
                          for h in self.hooks},
                "options": self.options, "differences": differences}


def added_plugins(entries: Sequence[Entry]) -> list[list[str]]:
    """Per entry, the file and module plugins it loads that the first entry does not (none for
    the first)."""
    first = {p.name for p in entries[0].ruleset.plugins}
    return [[] if i == 0 else [p for p in scenario_plugins(e.ruleset) if p not in first]
            for i, e in enumerate(entries)]


def hook_kind(ruleset: Ruleset, hook: str) -> str:
    if result_ignored(ruleset, hook):
        return TOLD
    spec = getattr(getattr(ruleset.pm.hook, hook, None), "spec", None)
    return ANSWER if spec is not None and spec.opts.get("firstresult") else COLLECTED


def plugin_effect(ruleset: Ruleset, letter: str, plugin: str, cov: Coverage) -> PluginEffect:
    """The per-game figures of ``plugin`` from the games' coverage ``cov``."""
    games = max(cov.games, 1)
    hooks = []
    for name, hook in watched_hooks(ruleset, every=False):
        if name != plugin:
            continue
        kind = hook_kind(ruleset, hook)
        seats: dict[int, list[int]] = {}
        rounds: dict[int, list[int]] = {}
        asked = changed = 0
        for (p, h, seat, round_), calls in cov.effect_calls.items():
            if (p, h) != (plugin, hook):
                continue
            differed = cov.effect_changed.get((p, h, seat, round_), 0)
            asked += calls
            changed += differed
            for key, into in ((seat, seats), (round_, rounds)):
                if key is not None:
                    counts = into.setdefault(key, [0, 0])
                    counts[0] += calls
                    counts[1] += differed
        delta = cov.effect_delta.get((plugin, hook))
        hooks.append(HookEffect(
            hook, kind, asked / games, None if kind == TOLD else changed / games,
            None if delta is None else delta / games,
            {s: (a / games, c / games) for s, (a, c) in sorted(seats.items())},
            {r: (a / games, c / games) for r, (a, c) in sorted(rounds.items(), key=_in_play)}))
    options: dict[str, dict[str, float]] = {}
    for (p, kind, option), taken in sorted(cov.options_taken.items()):
        if p == plugin:
            options.setdefault(kind, {})[option] = taken / games
    return PluginEffect(letter, plugin, cov.games, hooks, options)


def _in_play(item: tuple[int, object]) -> tuple[bool, int]:
    """Rounds in the order a game plays them: setup, 1, 2, ..., the end."""
    return item[0] == END, item[0]


def round_label(round_: int) -> str:
    return {SETUP: "setup", END: "end"}.get(round_, str(round_))


def per_game(x: float) -> str:
    """A count per game: two decimals below one (0.15), else one (8.0)."""
    return num(x, 2 if abs(x) < 1 else 1)


def _hook_words(h: HookEffect) -> str:
    calls = per_game(h.asked)
    if h.kind == TOLD:
        return f"ran {h.hook} {calls} times a game"
    if h.asked == 0:
        return f"was never asked {h.hook}"
    if h.kind == COLLECTED:
        return f"added to the answers of {h.hook} {per_game(h.changed)} times a game " \
               f"(of {calls} calls)"
    by = f", by {'+' if h.by > 0 else ''}{per_game(h.by)} a game in all" if h.by else ""
    return f"changed the answer of {h.hook} {per_game(h.changed)} times a game (of {calls} " \
           f"calls){by}"


def generic_sentence(effect: PluginEffect) -> str:
    """The plugin's hooks and decisions in words, the same for every plugin."""
    parts = [_hook_words(h) for h in effect.hooks]
    for kind, taken in effect.options.items():
        choices = ", ".join(f"{option} {per_game(n)}" for option, n in taken.items())
        parts.append(f"its '{kind}' decisions were answered {choices} times a game")
    return "; ".join(parts) if parts else "implements no hook a game asks"


def own_sentence(ruleset: Ruleset, plugin: str, effect: dict) -> tuple[str | None, str | None]:
    """The plugin's own ``describe_effect`` sentence, and a warning when it failed (then the
    generic sentence stands alone)."""
    caller = getattr(ruleset.pm.hook, "describe_effect", None)
    loaded = next((p for p in ruleset.plugins if p.name == plugin), None)
    if caller is None or loaded is None:
        return None, None
    for impl in caller.get_hookimpls():
        if impl.plugin is not loaded.obj:
            continue
        try:
            text = impl.function(*({"effect": effect}[n] for n in impl.argnames))
        except Exception as exc:      # a plugin's bug: reported, the report still drawn
            return None, (f"plugin {plugin}: describe_effect failed "
                          f"({type(exc).__name__}: {exc}); its generic sentence is shown")
        if text is None or isinstance(text, str):
            return (text.strip() or None) if text else None, None
        return None, (f"plugin {plugin}: describe_effect returned {type(text).__name__}, not "
                      "a sentence; its generic sentence is shown")
    return None, None


def rule_effects(entries: Sequence[Entry], tally: Tally,
                 differences: Sequence[dict[str, float]]) -> tuple[list[PluginEffect],
                                                                     list[str]]:
    """Every added plugin's effect in its ruleset's games, and the warnings of plugins whose
    ``describe_effect`` failed. ``differences``: per entry, metric -> mean paired difference
    against the first."""
    effects, warnings = [], []
    for entry, t, added, diff in zip(entries, tally.scenarios, added_plugins(entries),
                                     differences, strict=True):
        if t.coverage is None:
            continue
        for plugin in added:
            effect = plugin_effect(entry.ruleset, entry.letter, plugin, t.coverage)
            effect.own, warning = own_sentence(entry.ruleset, plugin, effect.as_effect(diff))
            effects.append(effect)
            if warning:
                warnings.append(f"{entry.letter}: {warning}")
    return effects, warnings
