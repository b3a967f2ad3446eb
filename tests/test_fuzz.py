"""Property-based fuzzing (hypothesis) of scenario files, through the loader and the CLI: every
input ends in success or a one-line error, never a traceback. Bounded to a few seconds; the long
run is `python3 bench/fuzz.py`."""
import random
import string

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .fuzzing import Arena, base_texts, mutate, through_cli, through_loader

TEXTS = base_texts()
FAST = settings(max_examples=40, deadline=None, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])

scalars = st.one_of(st.integers(min_value=-2**63, max_value=2**63 - 1), st.booleans(),
                    st.floats(allow_nan=True), st.text(max_size=30),
                    st.sampled_from(["[/]", "[/x]", "cardgame", "heroes", "random", "no_conquest",
                                     "/dev/zero", "x.py", "a" * 300 + ".py", "this"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(string.ascii_letters, max_size=8),
                                                 inner, max_size=4)), max_leaves=12)
keys = st.sampled_from(["name", "description", "variant", "seed", "components", "plugins",
                        "options", "players", "agent", "[/x]", "extra"])
players = st.lists(st.dictionaries(st.sampled_from(["name", "agent", "colour"]), values,
                                   max_size=3), max_size=6)
scenarios = st.fixed_dictionaries(
    {"variant": st.sampled_from(["cardgame", "boardgame", "heroes", "nope"]), "players": players},
    optional={"seed": values, "plugins": values, "components": values, "options": values,
              "name": values}).flatmap(
    lambda base: st.dictionaries(keys, values, max_size=2).map(lambda extra: {**extra, **base}))


@FAST
@given(text=st.sampled_from(TEXTS), seed=st.integers(0, 2**32))
def test_mutated_scenario_files_through_the_loader(tmp_path_factory, text, seed):
    arena = Arena(tmp_path_factory.mktemp("fuzz"))
    path = arena.write(mutate(text, random.Random(seed)))
    outcome = through_loader(path)
    assert outcome in ("ok", "error"), (outcome, path.read_bytes()[:400])


@FAST
@given(data=scenarios)
def test_generated_scenario_tables_through_the_loader(tmp_path_factory, data):
    arena = Arena(tmp_path_factory.mktemp("fuzz"))
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):     # e.g. NaN keys tomli-w refuses: not a file anyone has
        return
    path = arena.write(text.encode())
    outcome = through_loader(path)
    assert outcome in ("ok", "error"), (outcome, text[:400])


@settings(max_examples=15, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.sampled_from(TEXTS), seed=st.integers(0, 2**32))
def test_mutated_scenario_files_through_simulate(tmp_path_factory, text, seed):
    arena = Arena(tmp_path_factory.mktemp("fuzz"))
    path = arena.write(mutate(text, random.Random(seed)))
    outcome = through_cli(path)
    assert outcome in ("ok", "error"), (outcome, path.read_bytes()[:400])
