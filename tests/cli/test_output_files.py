"""An output file option names a file that can be written, or the command refuses before any
game is played: an empty name, or a folder that does not exist."""
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
