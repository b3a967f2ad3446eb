"""A corpus of broken and hostile house-rule plugins: wrong types and ranges from hooks, failures
in every kind of hook, ``sys.exit``/``os._exit``/``KeyboardInterrupt`` at import and in hooks,
endless loops, printing plugins, plugins that break the game's invariants. Each must end its run
with a one-line error naming the plugin's file and the hook (``tests/test_hostile_plugins.py``
runs them all; ``bench/fuzz.py`` too, in subprocesses, counting tracebacks and hangs).

``Hostile(name, variant, hook, body)``: ``hook`` is the hook the error must name (None: a failure
at import, named by the file alone); ``body`` is the plugin's code after the common imports.
``expect`` is the exit code: 3 a plugin failed, 2 bad input the plugin gave at load.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HEADER = ("import math\nimport os\nimport sys\n\nfrom peloponnes import hookimpl\n"
          "from peloponnes.core import Decision, Option, Phase, Score\n"
          "from peloponnes.core.errors import ConfigError\n\n\n")


@dataclass(frozen=True)
class Hostile:
    name: str
    variant: str
    hook: str | None
    body: str
    expect: int = 3
    output: str = "error"      # "error" (one-line error), or "json" (simulate --json stays JSON)

    def write(self, folder: Path) -> Path:
        path = folder / f"{self.name}.py"
        path.write_text(HEADER + self.body)
        return path


def _returns(hook: str, args: str, value: str) -> str:
    return f"@hookimpl\ndef {hook}({args}):\n    return {value}\n"


CARD = "cardgame"
BOARD = "boardgame"
HEROES = "heroes"

CORPUS: list[Hostile] = [
    # --- wrong results from first-result hooks (checked where they enter the rules) ----------
    Hostile("surcharge_str", CARD, "conquest_surcharge",
            _returns("conquest_surcharge", "game, seat", "'3'")),
    Hostile("surcharge_negative", CARD, "conquest_surcharge",
            _returns("conquest_surcharge", "game, seat", "-3")),
    Hostile("surcharge_nan", CARD, "conquest_surcharge",
            _returns("conquest_surcharge", "game, seat", "math.nan")),
    Hostile("surcharge_huge", CARD, "conquest_surcharge",
            _returns("conquest_surcharge", "game, seat", "10**12")),
    Hostile("surcharge_float", CARD, "conquest_surcharge",
            _returns("conquest_surcharge", "game, seat", "2.5")),
    Hostile("surcharge_list", CARD, "conquest_surcharge",
            _returns("conquest_surcharge", "game, seat", "[3]")),
    Hostile("surcharge_wrapper_str", CARD, "conquest_surcharge",
            "@hookimpl(wrapper=True)\ndef conquest_surcharge(game, seat):\n"
            "    result = yield\n    return str(result)\n"),
    Hostile("minimum_bid_str", CARD, "minimum_bid",
            _returns("minimum_bid", "game, seat, card, conquest", "'one'")),
    Hostile("minimum_bid_negative", CARD, "minimum_bid",
            _returns("minimum_bid", "game, seat, card, conquest", "-5")),
    Hostile("count_revealed_short", CARD, "count_revealed",
            _returns("count_revealed", "game", "(1,)")),
    Hostile("count_revealed_negative", CARD, "count_revealed",
            _returns("count_revealed", "game", "(-1, 0)")),
    Hostile("count_revealed_int", CARD, "count_revealed",
            _returns("count_revealed", "game", "4")),
    Hostile("income_str", CARD, "compute_income",
            _returns("compute_income", "game, seat, population", "'lots'")),
    Hostile("income_negative", CARD, "compute_income",
            _returns("compute_income", "game, seat, population", "(1, -1)")),
    Hostile("bid_bonus_negative", CARD, "bid_bonus_halves",
            _returns("bid_bonus_halves", "game, seat", "-4")),
    Hostile("catastrophe_hits_str", CARD, "count_catastrophe_hits",
            _returns("count_catastrophe_hits", "game, seat, catastrophe, cards", "'all'")),
    Hostile("rounds_ten_million", CARD, "count_rounds",
            _returns("count_rounds", "game", "10**7")),
    Hostile("rounds_negative", CARD, "count_rounds", _returns("count_rounds", "game", "-1")),
    Hostile("rounds_str", CARD, "count_rounds", _returns("count_rounds", "game", "'8'")),
    Hostile("round_phases_int", CARD, "list_round_phases",
            _returns("list_round_phases", "game", "5")),
    Hostile("round_phases_strings", CARD, "list_round_phases",
            _returns("list_round_phases", "game", "['reveal', 'bid']")),
    Hostile("score_nan", CARD, "score_seat",
            _returns("score_seat", "game, seat", "Score(math.nan)")),
    Hostile("score_int", CARD, "score_seat", _returns("score_seat", "game, seat", "7")),
    Hostile("score_str_value", CARD, "score_seat",
            _returns("score_seat", "game, seat", "Score('seven')")),
    Hostile("view_int", CARD, "view_for_seat", _returns("view_for_seat", "game, seat", "5")),
    Hostile("describe_int", CARD, "describe_seat", _returns("describe_seat", "game, seat", "5")),
    Hostile("describe_table_value", CARD, "describe_seat",
            _returns("describe_seat", "game, seat", "{'civilization': {'a': 1}}")),
    Hostile("metrics_nan", CARD, "collect_metrics",
            _returns("collect_metrics", "game", "{'broken': math.nan}")),
    Hostile("metrics_str", CARD, "collect_metrics",
            _returns("collect_metrics", "game", "'many'")),
    Hostile("metrics_text_value", CARD, "collect_metrics",
            _returns("collect_metrics", "game", "{'broken': 'high'}")),
    Hostile("invariants_not_strings", CARD, "check_invariants",
            _returns("check_invariants", "game", "[5]")),
    Hostile("heuristic_not_offered", CARD, "choose_heuristic",
            _returns("choose_heuristic", "view, decision", "'no-such-option'")),
    Hostile("heuristic_int", CARD, "choose_heuristic",
            _returns("choose_heuristic", "view, decision", "3")),
    Hostile("components_int", CARD, "load_components",
            _returns("load_components", "variant, path", "5")),
    # --- board game and Heroes & Colonies hooks ----------------------------------------------
    Hostile("order_turns_duplicates", BOARD, "order_turns",
            _returns("order_turns", "game, order, bids", "[order[0]] * len(order)")),
    Hostile("disaster_chits_huge", BOARD, "count_disaster_chits",
            _returns("count_disaster_chits", "game, final", "10**6")),
    Hostile("protection_str", BOARD, "check_protection",
            _returns("check_protection", "game, seat, disaster", "'yes'")),
    Hostile("food_negative", BOARD, "count_food_needed",
            _returns("count_food_needed", "game, seat, inhabitants", "-3")),
    Hostile("disaster_effect_int", BOARD, "get_disaster_effect",
            _returns("get_disaster_effect", "game, seat, disaster", "5")),
    Hostile("player_mat_int", BOARD, "provide_player_mat",
            _returns("provide_player_mat", "game, seat", "5")),
    Hostile("mark_coins_negative", BOARD, "count_mark_coins",
            _returns("count_mark_coins", "game, seat, tile", "-1")),
    Hostile("persian_strength_nan", HEROES, "compute_persian_strength",
            _returns("compute_persian_strength", "game, attack, values", "math.nan")),
    Hostile("conflict_pairs_negative", HEROES, "count_conflict_pairs",
            _returns("count_conflict_pairs", "game", "-1")),
    Hostile("income_million", BOARD, "compute_income",     # a million bid options a decision
            _returns("compute_income", "game, seat, population", "(10**6, 10**6)")),
    # --- failures inside hooks ---------------------------------------------------------------
    Hostile("metrics_raise", CARD, "collect_metrics",
            "@hookimpl\ndef collect_metrics(game):\n    raise RuntimeError('metrics broke')\n"),
    Hostile("describe_raise", CARD, "describe_seat",
            "@hookimpl\ndef describe_seat(game, seat):\n    return 1 / 0\n"),
    Hostile("event_raise", CARD, "on_event",
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started' and game.round == 2:\n"
            "        raise KeyError('boom')\n"),
    Hostile("setup_raise", CARD, "setup_game",
            "@hookimpl\ndef setup_game(game):\n    raise ValueError('no setup')\n"),
    Hostile("view_raise", CARD, "view_for_seat",
            "@hookimpl\ndef view_for_seat(game, seat):\n    raise LookupError('no view')\n"),
    Hostile("heuristic_raise", CARD, "choose_heuristic",
            "@hookimpl\ndef choose_heuristic(view, decision):\n    return [][1]\n"),
    Hostile("config_error_in_hook", CARD, "conquest_surcharge",
            "@hookimpl\ndef conquest_surcharge(game, seat):\n"
            "    raise ConfigError('surcharge table missing')\n"),
    Hostile("endless_recursion", CARD, "minimum_bid",
            "@hookimpl\ndef minimum_bid(game, seat, card, conquest):\n"
            "    return minimum_bid(game, seat, card, conquest)\n"),
    Hostile("declare_raise", CARD, "declare_plugin",
            "@hookimpl\ndef declare_plugin():\n    raise RuntimeError('declare broke')\n"),
    Hostile("declare_str", CARD, "declare_plugin", _returns("declare_plugin", "", "'cardgame'")),
    Hostile("declare_bad_requires", CARD, "declare_plugin",
            _returns("declare_plugin", "", "{'requires_variant': 5}")),
    Hostile("declare_unknown_key", CARD, "declare_plugin",
            _returns("declare_plugin", "", "{'needs': ['cardgame']}")),
    Hostile("requires_variant_string", CARD, None,
            _returns("declare_plugin", "", "{'requires_variant': 'boardgame'}")),
    # --- ending the program ------------------------------------------------------------------
    Hostile("exit_in_hook", CARD, "on_event",
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started':\n        sys.exit(0)\n"),
    Hostile("exit_code_in_hook", CARD, "conquest_surcharge",
            "@hookimpl\ndef conquest_surcharge(game, seat):\n    sys.exit(7)\n"),
    Hostile("hard_exit_in_hook", CARD, "on_event",
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started':\n        os._exit(0)\n"),
    Hostile("hard_exit_in_metrics", CARD, "collect_metrics",
            "@hookimpl\ndef collect_metrics(game):\n    os._exit(0)\n"),
    Hostile("keyboard_interrupt_in_hook", CARD, "on_event",    # no Ctrl-C: the plugin's
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started':\n        raise KeyboardInterrupt\n"),
    Hostile("keyboard_interrupt_at_import", CARD, None, "raise KeyboardInterrupt\n"),
    Hostile("exit_at_import", CARD, None, "sys.exit(0)\n"),
    Hostile("hard_exit_at_import", CARD, None, "os._exit(0)\n"),
    Hostile("raise_at_import", CARD, None, "raise ImportError('needs numpy')\n"),
    Hostile("syntax_error", CARD, None, "def broken(:\n    pass\n"),
    Hostile("misspelled_hook", CARD, "conquest_surchage",
            _returns("conquest_surchage", "game, seat", "4")),
    Hostile("wrong_arguments", CARD, None,
            _returns("conquest_surcharge", "game, seat, colour", "4")),
    # --- loops that never end ----------------------------------------------------------------
    Hostile("endless_events", CARD, "on_event",
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started':\n"
            "        while True:\n            game.emit('tick')\n"),
    Hostile("endless_decisions", CARD, None,
            "def _forever(game):\n    while True:\n        yield Decision(0, 'spin', 'Again?', "
            "(Option('a', 'a'), Option('b', 'b')))\n\n\n"
            "@hookimpl(wrapper=True)\ndef list_round_phases(game):\n    phases = yield\n"
            "    return [Phase('spin', _forever)] + list(phases)\n"),
    Hostile("yields_garbage", CARD, None,
            "def _junk(game):\n    yield 5\n\n\n"
            "@hookimpl(wrapper=True)\ndef list_round_phases(game):\n    phases = yield\n"
            "    return [Phase('junk', _junk)] + list(phases)\n"),
    Hostile("busy_loop", CARD, "conquest_surcharge",
            "@hookimpl\ndef conquest_surcharge(game, seat):\n    while True:\n        pass\n"),
    Hostile("busy_loop_on_event", CARD, "on_event",
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started':\n        while True:\n            pass\n"),
    # --- plugins that break the game's invariants (checked at the end of every game) ---------
    Hostile("mints_coin_cards", CARD, None,
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started' and game.state is not None:\n"
            "        game.state.players[0].hand['wood'] += 2\n"),
    Hostile("luxury_past_cap", CARD, None,
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started' and game.state is not None:\n"
            "        game.state.players[0].luxury += 20\n"),
    Hostile("food_minus_fifty", BOARD, None,
            "@hookimpl\ndef on_event(game, event):\n"
            "    if event.kind == 'round_started' and game.state is not None:\n"
            "        game.state.players[0].goods['food'] = -50\n"),
    # --- printing plugins (simulate --json must stay JSON) -----------------------------------
    Hostile("prints_in_hook", CARD, None,
            "@hookimpl\ndef on_event(game, event):\n    print('hello from a plugin', event.kind)\n",
            expect=0, output="json"),
    Hostile("prints_at_import", CARD, None, "print('{not json')\n", expect=0, output="json"),
]
