"""Foreign code needs consent (core/consent.py): a plugin file or module a scenario names is not
imported until the user trusts it; shipped and installed plugins load without asking;
`peloponnes plugins` inspects without importing."""
import json
import sys

from click.testing import CliRunner

from peloponnes.authoring import trust
from peloponnes.cli import main

MARKER = "PELOPONNES_TEST_EVIL_RAN"
SWEEP_AXIS = "components.rules.conquest_surcharge=1,2"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def evil_plugin(tmp_path, name="evil"):
    """A plugin whose import leaves a trace: a module attribute on sys."""
    path = tmp_path / f"{name}.py"
    path.write_text(f"import sys\nsetattr(sys, '{MARKER}', True)\n"
                    "from peloponnes import hookimpl\n\n\n@hookimpl\n"
                    "def conquest_surcharge(game, seat):\n    return 5\n")
    return path


def scenario_with(tmp_path, plugins):
    path = tmp_path / "shared.toml"
    listed = ", ".join(f'"{p}"' for p in plugins)
    path.write_text(f'variant = "cardgame"\nseed = 2\nplugins = [{listed}]\n'
                    '[[players]]\nagent = "random"\n[[players]]\nagent = "random"\n')
    return path


def ran() -> bool:
    return bool(getattr(sys, MARKER, False))


def forget_marker():
    if hasattr(sys, MARKER):
        delattr(sys, MARKER)


def test_an_untrusted_plugin_file_is_refused_everywhere_without_running(tmp_path):
    forget_marker()
    evil = evil_plugin(tmp_path)
    sc = scenario_with(tmp_path, ["evil.py"])
    for args in (("simulate", sc, "-n", 1), ("play", sc), ("compare", sc, sc, "-n", 1, "-w", 1),
                 ("sweep", sc, "--vary", SWEEP_AXIS, "-n", 1, "-w", 1), ("explain", sc, sc),
                 ("new-scenario", "cardgame", "-p", 2, "--plugin", evil, "-o",
                  tmp_path / "new.toml")):
        result = run(*args)
        assert result.exit_code == 4, (args, result.output)
        message = result.stderr.replace("\n", " ")
        assert str(evil.resolve()) in message and "--trust" in message
        assert "peloponnes trust" in message and "Traceback" not in result.output
    assert not ran()


def test_an_arbitrary_module_name_is_refused_until_trusted(tmp_path):
    (tmp_path / "house_module.py").write_text(
        f"import sys\nsetattr(sys, '{MARKER}', True)\n")
    sys.path.insert(0, str(tmp_path))
    try:
        forget_marker()
        path = scenario_with(tmp_path, ["house_module"])
        result = run("simulate", path, "-n", 1)
        assert result.exit_code == 4
        assert "plugin module 'house_module'" in result.stderr and not ran()
        assert run("trust", "house_module").exit_code == 0
        assert run("simulate", path, "-n", 1).exit_code == 0 and ran()
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("house_module", None)


def test_trust_flag_and_trust_record_let_it_run(tmp_path):
    forget_marker()
    evil = evil_plugin(tmp_path)
    sc = scenario_with(tmp_path, ["evil.py"])
    assert run("simulate", sc, "-n", 1, "--trust").exit_code == 0
    assert ran()
    assert run("simulate", sc, "-n", 1).exit_code == 4      # --trust is for one run only
    result = run("trust", evil)
    assert result.exit_code == 0 and str(trust.record_path()) in result.output.replace("\n", "")
    assert run("simulate", sc, "-n", 1).exit_code == 0
    listed = run("trust", "--list").output.replace("\n", "")
    assert str(evil.resolve()) in listed
    assert run("trust", "--forget", evil).exit_code == 0
    assert run("simulate", sc, "-n", 1).exit_code == 4


def test_sweep_and_explain_take_trust_for_the_plugins_they_load(tmp_path):
    forget_marker()
    evil_plugin(tmp_path)
    sc = scenario_with(tmp_path, ["evil.py"])
    result = run("sweep", sc, "--vary", SWEEP_AXIS, "-n", 1, "-w", 1, "--trust")
    assert result.exit_code == 0, result.output
    assert ran()
    forget_marker()
    result = run("explain", sc, sc, "--trust")
    assert result.exit_code == 0, result.output


def test_the_record_lives_under_xdg_config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    evil = evil_plugin(tmp_path)
    trust.trust_file(evil)
    assert (tmp_path / "cfg" / "peloponnes" / "trusted.toml").is_file()
    assert str(evil.resolve()) in trust.trusted_entries()["files"]


def test_shipped_and_installed_plugins_load_without_asking(tmp_path):
    sc = scenario_with(tmp_path, ["no_conquest", "peloponnes.plugins.metric_displaced_bids"])
    assert run("simulate", sc, "-n", 1).exit_code == 0
    from peloponnes.core.shipped import PLUGIN_DIR
    sc = scenario_with(tmp_path, [str(PLUGIN_DIR / "no_conquest.py")])
    assert run("simulate", sc, "-n", 1).exit_code == 0


def test_new_plugin_files_are_trusted_for_their_author(tmp_path):
    assert run("new-plugin", "mine", "-d", tmp_path).exit_code == 0
    sc = scenario_with(tmp_path, ["mine.py"])
    assert run("simulate", sc, "-n", 1).exit_code == 0
    record = trust.trusted_entries()["files"][str((tmp_path / "mine.py").resolve())]
    assert "new-plugin" in record["reason"] and record["sha256"].startswith("sha256:")


def test_plugins_inspects_without_importing(tmp_path):
    forget_marker()
    evil = evil_plugin(tmp_path)
    sc = scenario_with(tmp_path, ["evil.py", "no_conquest"])
    result = run("plugins", sc, "--json", "-")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    named = {p["entry"]: p for p in data["scenario_plugins"]}
    assert named["evil.py"]["trusted"] is False and named["evil.py"]["from"] == str(evil.resolve())
    assert named["evil.py"]["hooks_in_source"] == ["conquest_surcharge"]
    assert named["no_conquest"]["trusted"] is True and named["no_conquest"]["kind"] == "shipped"
    assert data["plugins"] is None
    text = run("plugins", sc)
    assert text.exit_code == 0 and "not trusted" in text.output
    assert f"peloponnes trust {evil.resolve()}" in text.output.replace("\n", "")
    assert not ran()
    # once trusted, the loaded view with its call order
    trust.trust_file(evil)
    data = json.loads(run("plugins", sc, "--json", "-").stdout)
    assert data["call_order"]["conquest_surcharge"][0] == "evil"


def test_a_plugin_file_with_bad_syntax_is_a_one_line_error_when_inspected(tmp_path):
    (tmp_path / "broken.py").write_text("def (:\n")
    result = run("plugins", scenario_with(tmp_path, ["broken.py"]))
    assert result.exit_code == 2
    assert "not valid Python (line 1)" in result.stderr
