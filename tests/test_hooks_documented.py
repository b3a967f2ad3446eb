"""Every hook point is documented (when it is called, what it returns, an example) and exercised
by at least one test, and docs/hooks.md is generated from the code (tests/cli checks it is
current)."""
import re
from pathlib import Path

import pytest

from peloponnes.core.hookdoc import collect
from peloponnes.core.plugins import discover_variants

TESTS = Path(__file__).parent
HOOKS = collect(discover_variants())


def test_there_are_hooks_of_the_core_and_of_the_family():
    where = {h.defined_in for h in HOOKS}
    assert "core" in where and "peloponnes.variants.common.hookspecs" in where


@pytest.mark.parametrize("hook", HOOKS, ids=lambda h: h.name)
def test_hook_is_documented(hook):
    assert "Called" in hook.description, f"{hook.name}: say when it is called"
    assert re.search(r"\breturn", hook.description, re.I), f"{hook.name}: say what it returns"
    assert hook.example and f"def {hook.name}(" in hook.example, f"{hook.name}: add an Example::"


@pytest.mark.parametrize("hook", HOOKS, ids=lambda h: h.name)
def test_hook_is_exercised_by_a_test(hook):
    pattern = re.compile(rf"\b{hook.name}\b")
    users = [p for p in TESTS.rglob("test_*.py")
             if p.name != Path(__file__).name and pattern.search(p.read_text())]
    assert users, f"no test exercises the hook {hook.name}"
