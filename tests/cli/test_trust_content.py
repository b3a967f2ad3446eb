"""A plugin file is trusted by its content (core/consent.py), as direnv's `allow` does: once the
file changes, it is no longer trusted, and the next run refuses it (exit 4) naming the file, the
digest it was trusted with and the one it has now, and how to trust it again."""
import json
import os
import subprocess
import sys

import pytest
import tomli_w
from click.testing import CliRunner

from peloponnes.authoring import trust
from peloponnes.cli import main
from peloponnes.core.errors import UntrustedCode
from peloponnes.core.plugins import granted
from peloponnes.core.scenario import Scenario

MARKER = "PELOPONNES_TEST_CHANGED_PLUGIN_RAN"
APPENDED = f"\nimport sys\nsetattr(sys, '{MARKER}', True)\nprint('{MARKER}', file=sys.stderr)\n"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": "1000"})


@pytest.fixture
def plugin(tmp_path):
    path = tmp_path / "plugins" / "tr.py"
    path.parent.mkdir()
    path.write_text("from peloponnes import hookimpl\n\n\n@hookimpl\n"
                    "def conquest_surcharge(game, seat):\n    return 5\n")
    return path


@pytest.fixture
def scenario(tmp_path, plugin):
    path = tmp_path / "shared.toml"
    path.write_text('variant = "cardgame"\nseed = 2\nplugins = ["plugins/tr.py"]\n'
                    '[[players]]\nagent = "random"\n[[players]]\nagent = "random"\n')
    return path


def digest(path) -> str:
    return trust.trusted_entries()["files"][str(path.resolve())]["sha256"]


def test_trust_records_the_files_content(plugin, scenario):
    result = run("trust", plugin)
    assert result.exit_code == 0
    short = digest(plugin).removeprefix("sha256:")[:12]
    assert f"sha256 {short}" in result.stdout
    assert run("simulate", scenario, "-n", 1).exit_code == 0


def test_a_changed_file_is_refused_naming_what_changed(plugin, scenario):
    assert run("trust", plugin).exit_code == 0
    was = digest(plugin).removeprefix("sha256:")[:12]
    plugin.write_text(plugin.read_text() + APPENDED)
    for args in (("simulate", scenario, "-n", 1), ("simulate", scenario, "-n", 2, "-w", 2),
                 ("play", scenario, "--seat", 1), ("explain", scenario, scenario)):
        result = run(*args)
        assert result.exit_code == 4, (args, result.output)
        assert f"plugin file {plugin.resolve()} changed since you trusted it" in result.stderr
        assert f"was sha256 {was}…, now sha256 " in result.stderr
        assert f"run `peloponnes trust {plugin.resolve()}` again" in result.stderr
    assert not hasattr(sys, MARKER)            # the new code never ran


def test_trusting_the_new_content_lets_it_run(plugin, scenario):
    assert run("trust", plugin).exit_code == 0
    plugin.write_text(plugin.read_text() + APPENDED)
    assert run("simulate", scenario, "-n", 1).exit_code == 4
    assert run("trust", plugin).exit_code == 0
    done = subprocess.run([sys.executable, "-m", "peloponnes.cli", "simulate", str(scenario),
                           "-n", "1"], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "1000"})
    assert done.returncode == 0, done.stderr
    assert MARKER in done.stderr                # the new content, trusted, ran


def test_a_file_replaced_by_another_is_refused(plugin, scenario, tmp_path):
    assert run("trust", plugin).exit_code == 0
    other = tmp_path / "other.py"
    other.write_text(plugin.read_text().replace("return 5", "return 6"))
    other.replace(plugin)
    result = run("simulate", scenario, "-n", 1)
    assert result.exit_code == 4 and "changed since you trusted it" in result.stderr


def test_a_one_run_trust_still_runs_a_changed_file(plugin, scenario):
    assert run("trust", plugin).exit_code == 0
    plugin.write_text(plugin.read_text() + "\n# a comment is a change too\n")
    assert run("simulate", scenario, "-n", 1, "--trust").exit_code == 0


def test_an_old_record_without_a_digest_asks_again(plugin, scenario):
    record = trust.record_path()
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_bytes(tomli_w.dumps({"files": {str(plugin.resolve()): {
        "reason": "trusted by you"}}}).encode())
    result = run("simulate", scenario, "-n", 1)
    assert result.exit_code == 4
    assert "without the digest of its content" in result.stderr
    assert f"peloponnes trust {plugin.resolve()}` again" in result.stderr
    assert run("trust", plugin).exit_code == 0
    assert run("simulate", scenario, "-n", 1).exit_code == 0


def test_plugins_and_the_trust_list_show_a_changed_file(plugin, scenario):
    assert run("trust", plugin).exit_code == 0
    assert "trusted by you; sha256 " in run("trust", "--list").stdout
    plugin.write_text(plugin.read_text() + APPENDED)
    listed = run("trust", "--list").stdout
    assert "not trusted now: it changed since you trusted it" in listed
    data = json.loads(run("plugins", scenario, "--json", "-").stdout)
    (entry,) = data["scenario_plugins"]
    assert entry["trusted"] is False and entry["trust"].startswith("changed since you trusted")
    assert not hasattr(sys, MARKER)


def test_games_played_elsewhere_are_granted_only_the_trusted_content(plugin, scenario):
    # what the Ray executor checks on the driver before the scenarios travel marked trusted
    assert run("trust", plugin).exit_code == 0
    sc = Scenario.from_file(scenario)
    assert granted(sc).trusted
    plugin.write_text(plugin.read_text() + APPENDED)
    with pytest.raises(UntrustedCode, match="changed since you trusted it"):
        granted(sc)
