"""Scenario and component files that are not what they claim (deep nesting, huge, a FIFO,
/dev/zero, NUL bytes, paths too long) and text that looks like rich markup: each ends in a
one-line error naming the file and the key, never a traceback or a hang."""
import os

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.components import MAX_FILE_BYTES

SEATS = '[[players]]\nagent = "random"\n[[players]]\nagent = "random"\n'


def simulate(path, *extra):
    return CliRunner().invoke(main, ["simulate", str(path), "-n", "1", *extra])


def one_line_error(result, code=2) -> str:
    assert result.exit_code == code, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    text = " ".join(result.stderr.split())
    assert text.count("error:") == 1 and "Traceback" not in result.output
    return text


def scenario(tmp_path, text: str, name="s.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_deeply_nested_arrays(tmp_path):
    path = scenario(tmp_path, "variant = " + "[" * 1000 + "]" * 1000 + "\n")
    assert "nested too deeply" in one_line_error(simulate(path))
    path = scenario(tmp_path, "variant = " + "[" * 40 + "]" * 40 + "\n")
    text = one_line_error(simulate(path))
    assert "s.toml: variant[0][0]" in text and "nested too deeply (at most 32 levels)" in text


def test_a_huge_file(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    assert "too large" in one_line_error(simulate(path))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_as_scenario_or_components_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert "not a regular file" in one_line_error(simulate(fifo))
    path = scenario(tmp_path, f'variant = "cardgame"\ncomponents = "{fifo}"\n{SEATS}')
    text = one_line_error(simulate(path))
    assert "s.toml: components:" in text and "not a regular file" in text


def test_dev_zero_as_components_is_not_read(tmp_path):
    path = scenario(tmp_path, f'variant = "cardgame"\ncomponents = "/dev/zero"\n{SEATS}')
    text = one_line_error(simulate(path))
    assert "components" in text and "not a regular file" in text


def test_a_nul_byte_in_a_path(tmp_path):
    path = scenario(tmp_path, f'variant = "cardgame"\nplugins = ["a\\u0000b.py"]\n{SEATS}')
    assert "plugins[0]: not a usable file path" in one_line_error(simulate(path))
    path = scenario(tmp_path, f'variant = "cardgame"\ncomponents = "a\\u0000b.toml"\n{SEATS}')
    assert "components" in one_line_error(simulate(path))


def test_paths_too_long(tmp_path):
    long = "a" * 300
    path = scenario(tmp_path, f'variant = "cardgame"\nplugins = ["{long}.py"]\n{SEATS}')
    assert "plugins[0]: plugin file" in one_line_error(simulate(path))
    path = scenario(tmp_path, f'variant = "cardgame"\ncomponents = "{long}.toml"\n{SEATS}')
    assert "components" in one_line_error(simulate(path))
    assert "cannot read: File name too long" in one_line_error(simulate(tmp_path / f"{long}.toml"))


@pytest.mark.parametrize("text", [
    '"[/x]" = 1\nvariant = "cardgame"\n' + SEATS,
    'variant = "[/]"\n' + SEATS,
    'variant = "cardgame"\n[[players]]\nname = "[/]"\n[[players]]\nname = "[/]"\n',
])
def test_markup_in_user_text_is_printed_as_text(tmp_path, text):
    assert "[/" in one_line_error(simulate(scenario(tmp_path, text)))


def test_markup_in_names_survives_a_whole_simulate(tmp_path):
    path = scenario(tmp_path, 'name = "[/]"\nvariant = "cardgame"\n[[players]]\nname = "[/]"\n'
                              '[[players]]\nname = "[bold]x"\n')
    result = simulate(path)
    assert result.exit_code == 0, result.output
    assert "[/]" in result.stdout and "[bold]x" in result.stdout


def test_newlines_and_terminal_escapes_in_values_stay_on_one_line(tmp_path):
    path = scenario(tmp_path, 'variant = """multi\nline\\u001b[31m"""\n' + SEATS)
    text = one_line_error(simulate(path))
    assert "multi\\nline\\x1b[31m" in text
