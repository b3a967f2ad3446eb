"""Without the ``rl`` extra, importing peloponnes.rl fails with one line saying how to install
it (runs whether or not the extra is installed: the missing package is simulated)."""
from __future__ import annotations

import importlib
import sys

import pytest


@pytest.mark.parametrize("missing", ["pettingzoo", "gymnasium"])
def test_import_without_the_extra_says_how_to_install_it(monkeypatch, missing):
    for name in [n for n in sys.modules if n == "peloponnes.rl" or n.startswith("peloponnes.rl.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)      # makes `import missing` fail
    with pytest.raises(ModuleNotFoundError) as error:
        importlib.import_module("peloponnes.rl")
    message = str(error.value)
    assert "\n" not in message
    assert missing in message and "pip install 'peloponnes-sandbox[rl]'" in message
