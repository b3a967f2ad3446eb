"""An output file option names a file that can be written, or the command refuses before any
game is played: an empty name, a folder that does not exist, or one that refuses new files."""
from __future__ import annotations

from click.testing import CliRunner

from peloponnes.cli import main


def test_an_output_file_that_cannot_be_written_is_refused_before_playing(tmp_path):
    for target, said in (("", "give a file name"),
                         (str(tmp_path / "nowhere" / "out.json"), "no folder")):
        result = CliRunner().invoke(main, ["simulate", "cardgame-2p", "-n", "1000000",
                                           "--json", target])
        assert result.exit_code == 2 and said in result.output, result.output
    assert not (tmp_path / "nowhere").exists()


def refusing_folder(tmp_path):
    """A folder where files cannot be made: read-only for a normal user; root writes anywhere
    its modes say no, so there /proc, which refuses new files to everybody."""
    import os
    if os.geteuid() == 0:
        return "/proc"
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    return str(folder)


def test_a_folder_that_refuses_files_is_refused_before_any_game(tmp_path):
    folder = refusing_folder(tmp_path)
    result = CliRunner().invoke(main, ["simulate", "cardgame-2p", "-n", "1000000",
                                       "--json", f"{folder}/out.json"])
    assert result.exit_code == 2 and "cannot write" in result.output, result.output


def test_play_new_scenario_and_new_plugin_refuse_such_a_folder_in_one_line(tmp_path):
    folder = refusing_folder(tmp_path)
    for args in (["play", "cardgame-3p", "--seat", "1", "--save-dir", f"{folder}/saves"],
                 ["new-scenario", "cardgame", "-o", f"{folder}/mine.toml"],
                 ["new-plugin", "my_rule", "-d", folder]):
        result = CliRunner().invoke(main, args, input="q\n")
        assert result.exit_code == 2, (args, result.output)
        assert "cannot" in result.output and "Traceback" not in result.output, result.output
