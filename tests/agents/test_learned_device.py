"""Where the learned agent's value model is fitted: on the CPU, or through scikit-learn's array
API on a GPU where one is present (``agents/learned/device.py``). No GPU is needed to test the
array API path: ``array_api_strict`` is an array library scikit-learn dispatches to the same way
as to PyTorch's CUDA tensors."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from peloponnes.agents.learned.device import Accelerator, accelerator, why_no_gpu
from peloponnes.agents.learned.features import Encoder
from peloponnes.agents.learned.fitting import fit_value_model
from peloponnes.agents.learned.selfplay import SelfPlay
from peloponnes.cli import main
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

array_api_strict = pytest.importorskip("array_api_strict")


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def self_play_rows(games: int = 6):
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4))
    encoder = Encoder(ruleset, scenario)
    played = [SelfPlay().play(ruleset, scenario, seed, None, encoder) for seed in range(games)]
    return (np.concatenate([rows for rows, _ in played]),
            np.concatenate([labels for _, labels in played]))


def test_a_value_model_fitted_through_the_array_api_predicts_as_the_cpu_fit():
    rows, labels = self_play_rows()
    on_cpu = fit_value_model(rows, labels, info={})
    elsewhere = fit_value_model(rows, labels, info={},
                                on=Accelerator("array-api-strict", array_api_strict.asarray))
    assert on_cpu.info["value_model_fitted_on"] == "CPU"
    assert elsewhere.info["value_model_fitted_on"] == "array-api-strict"
    np.testing.assert_allclose(elsewhere.predict(rows), on_cpu.predict(rows), atol=1e-3)


def test_an_accelerator_that_fails_leaves_the_fit_to_the_cpu_and_says_why():
    rows, labels = self_play_rows(2)

    def out_of_memory(array):
        raise RuntimeError("CUDA out of memory. Tried to allocate 2.00 GiB\nmore detail")

    fitted = fit_value_model(rows, labels, info={}, on=Accelerator("GPU (test)", out_of_memory))
    assert fitted.info["value_model_fitted_on"] == (
        "CPU, the GPU (test) having failed: CUDA out of memory. Tried to allocate 2.00 GiB")
    np.testing.assert_array_equal(fitted.predict(rows),
                                  fit_value_model(rows, labels, info={}).predict(rows))


def test_an_unknown_device_is_refused():
    with pytest.raises(ConfigError, match="unknown device 'tpu'"):
        accelerator("tpu")
    assert accelerator("cpu") is None


def test_train_says_where_it_fitted_and_a_gpu_asked_for_where_none_is_usable_is_an_error():
    runner = CliRunner()
    auto = runner.invoke(main, ["train", "cardgame-4p", "-n", "3"])
    assert auto.exit_code == 0, auto.output
    reason = why_no_gpu()
    where = "the CPU" if reason else "the GPU ("
    assert f"the value model fitted on {where}" in auto.output
    asked = runner.invoke(main, ["train", "cardgame-4p", "-n", "3", "--seed", "1",
                                 "--device", "gpu"])
    if reason is None:
        assert asked.exit_code == 0 and "the value model fitted on the GPU (" in asked.output
    else:
        assert asked.exit_code != 0
        assert f"no GPU to fit on: {reason}" in asked.output
        assert "Traceback" not in asked.output
