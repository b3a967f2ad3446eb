"""`peloponnes models save` never writes over another file and never makes folders: a model
goes only where the user asked and nothing is lost."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from peloponnes.cli import main

pytest.importorskip("sklearn", reason="needs the learn extra: pip install -e '.[learn]'")

CARDS = str(Path(__file__).resolve().parents[2] / "scenarios" / "cardgame-2p.toml")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_model_is_never_saved_over_a_file_or_into_a_missing_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert run("train", CARDS, "--games", "4").exit_code == 0
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    over = run("models", "save", CARDS, notes)
    assert over.exit_code == 2 and "exists" in over.output
    assert notes.read_text() == "my notes"
    missing = run("models", "save", CARDS, tmp_path / "nowhere" / "m.npz")
    assert missing.exit_code == 2 and "no folder" in missing.output
    assert not (tmp_path / "nowhere").exists()
    saved = run("models", "save", CARDS, tmp_path / "m.npz")
    assert saved.exit_code == 0, saved.output
    assert (tmp_path / "m.npz").stat().st_size > 0


def test_a_damaged_model_file_is_refused_when_loaded(tmp_path, monkeypatch):
    import numpy as np

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert run("train", CARDS, "--games", "4").exit_code == 0
    good = tmp_path / "good.npz"
    assert run("models", "save", CARDS, good).exit_code == 0
    with np.load(good, allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    for name, damage in (("cut", lambda w: w[: len(w) // 2]), ("nan", lambda w: w * np.nan)):
        damaged = tmp_path / f"{name}.npz"
        np.savez(damaged, **{**arrays, "weight0": damage(arrays["weight0"])})
        loaded = run("models", "load", damaged)
        assert loaded.exit_code == 2, loaded.output
        assert "not a usable learned-agent model" in loaded.output
