"""Every hook point is documented (when it is called, what it returns, an example) and exercised
by at least one test function (read from the tests' code, so a name in a comment does not
count), and docs/hooks.md is generated from the code (tests/cli checks it is
current)."""
import ast
import re
from pathlib import Path

import pytest

from peloponnes.authoring.hookdoc import collect
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


def _shipped_plugin_hooks() -> dict[str, set[str]]:
    """Shipped house rules (plugins/NAME.py) -> the hooks they implement: a test that plays
    with one (named ``"NAME"`` or by its path) exercises them."""
    found = {}
    for path in (TESTS.parent / "plugins").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[path.stem] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return found


SHIPPED_PLUGIN_HOOKS = _shipped_plugin_hooks()


def _hooks_named_in(node: ast.AST, hook_names: set[str], module_defs: dict) -> set[str]:
    """The hooks a test function's code (not its comments) exercises: called as an attribute
    (``game.hook.NAME(...)``), implemented by a function or method it defines (or by a
    module-level plugin class or function of the test file it uses), or implemented in plugin
    source text it writes (``"def NAME("``)."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and sub.attr in hook_names:
            found.add(sub.attr)
        elif isinstance(sub, ast.FunctionDef | ast.AsyncFunctionDef) and sub.name in hook_names:
            found.add(sub.name)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            found.update(n for n in hook_names if f"def {n}(" in sub.value)
            found.update(SHIPPED_PLUGIN_HOOKS.get(Path(sub.value).stem, set()) & hook_names)
        elif isinstance(sub, ast.Name) and sub.id in module_defs and sub.id != getattr(
                node, "name", None):
            found.update(module_defs[sub.id])
    return found


def _implemented_by_module_defs(tree: ast.Module, hook_names: set[str]) -> dict[str, set[str]]:
    """Module-level classes and functions of a test file -> the hooks they implement."""
    defs: dict[str, set[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            defs[node.name] = {m.name for m in ast.walk(node)
                               if isinstance(m, ast.FunctionDef) and m.name in hook_names}
        elif isinstance(node, ast.FunctionDef) and not node.name.startswith("test_"):
            hooks = {node.name} & hook_names
            hooks |= {m.name for m in ast.walk(node) if m is not node
                      and isinstance(m, ast.FunctionDef) and m.name in hook_names}
            defs[node.name] = hooks
    return defs


def exercised_hooks() -> dict[str, list[str]]:
    """hook name -> the test functions that exercise it."""
    hook_names = {h.name for h in HOOKS}
    users: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module_defs = _implemented_by_module_defs(tree, hook_names)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for hook in _hooks_named_in(node, hook_names, module_defs):
                    users.setdefault(hook, []).append(f"{path.relative_to(TESTS)}::{node.name}")
    return users


EXERCISED = exercised_hooks()


@pytest.mark.parametrize("hook", HOOKS, ids=lambda h: h.name)
def test_hook_is_exercised_by_a_test(hook):
    assert EXERCISED.get(hook.name), (
        f"no test function exercises the hook {hook.name}: call it, or implement it in a "
        "plugin a test plays with (its name in a comment or docstring does not count)")


def test_a_hook_named_only_in_a_comment_does_not_count(tmp_path):
    tree = ast.parse("def test_x():\n    # count_rounds\n    'count_rounds'\n    assert True\n")
    (test,) = tree.body
    assert _hooks_named_in(test, {"count_rounds"}, {}) == set()
    tree = ast.parse("def test_y():\n    game.hook.count_rounds(game=game)\n")
    assert _hooks_named_in(tree.body[0], {"count_rounds"}, {}) == {"count_rounds"}
