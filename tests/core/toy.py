"""A toy ruleset that knows nothing of Peloponnes, to test the core on its own: each round every
seat picks a number; the highest total wins."""
from pathlib import Path

from peloponnes.core import Decision, Option, Phase, Score, Variant, hookimpl
from peloponnes.core.plugins import LoadedPlugin, Ruleset, assemble_ruleset


def pick(game):
    for seat in range(game.num_players):
        options = tuple(Option(str(n), f"take {n}", n) for n in game.state["menu"])
        answer = yield Decision(seat, "pick", "Take how many?", options, "toy: Pick")
        game.state["totals"][seat] += answer.value
        game.emit("picked", "toy: Pick", seat=seat, value=answer.value)


def forced(game):
    # a decision with one option is taken without asking anybody
    answer = yield Decision(0, "forced", "Only one way", (Option("only", "only", 1),), "toy")
    game.state["forced"] += answer.value


class Toy:
    @hookimpl
    def load_components(self, variant, path):
        return {}                       # the toy needs no component data

    @hookimpl
    def setup_game(self, game):
        game.state = {"totals": [0] * game.num_players, "menu": (1, 2, 3),
                      "shuffled": game.rng.sample(range(100), 5), "forced": 0}

    @hookimpl
    def count_rounds(self, game):
        return 3

    @hookimpl
    def list_round_phases(self, game):
        return [Phase("forced", forced, "toy"), Phase("pick", pick, "toy: Pick")]

    @hookimpl
    def list_final_phases(self, game):
        return []

    @hookimpl
    def score_seat(self, game, seat):
        return Score(game.state["totals"][seat], (), {"total": game.state["totals"][seat]})

    @hookimpl
    def view_for_seat(self, game, seat):
        return {"mine": game.state["totals"][seat]}

    @hookimpl
    def collect_metrics(self, game):
        return {"total": sum(game.state["totals"])}

    @hookimpl
    def check_invariants(self, game):
        return [] if all(t >= 0 for t in game.state["totals"]) else ["negative total"]


TOY = Variant(name="toy", title="Toy", description="test", min_players=1, max_players=4,
              components=Path(__file__), plugins=(Toy(),))


def toy_ruleset(*extra) -> Ruleset:
    """The toy variant assembled as a scenario's would be, with ``extra`` plugin objects
    registered after it like a scenario's house rules."""
    return assemble_ruleset([TOY], [LoadedPlugin(f"extra{i}", f"extra{i}", "module", obj)
                                    for i, obj in enumerate(extra)])
