"""The Ray executor: the same records and JSON as local workers on a real local Ray instance,
plugin files that travel with the tasks, and one-line errors without Ray or without a cluster."""
import json
import os
import sys
from dataclasses import replace

import pytest
from click.testing import CliRunner

from peloponnes.authoring.trust import trust_file
from peloponnes.cli import main
from peloponnes.core.errors import ConfigError, SandboxError, UntrustedCode
from peloponnes.core.plugins import granted
from peloponnes.lab.batch import InProcessExecutor, PairedJobs, make_executor
from peloponnes.lab.batch.ray_executor import RayExecutor, check_reachable, pack, play_chunk
from peloponnes.lab.compare import compare, prepare, result_dict

from .helpers import SCENARIOS, cardgame, write_plugin

FAILS_LATE = '''
@hookimpl
def compute_income(game, seat, population):
    if game.round == 5 and game.seed % 3 == 0:
        raise ZeroDivisionError("no income in round 5")
'''


@pytest.fixture(scope="module")
def ray_instance():
    """One local Ray instance (2 CPUs) for the module: starting one takes seconds."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_what_local_workers_give(ray_instance, tmp_path):
    failing = write_plugin(tmp_path, "fails_late", FAILS_LATE)
    scenarios = [cardgame(seed=3), cardgame("no_conquest.py"), cardgame(failing)]
    seen_local, seen_ray, progress = [], [], []
    local = compare(scenarios, 12, workers=2, on_record=seen_local.append)
    remote = compare(scenarios, 12, executor=RayExecutor(chunk=5), on_record=seen_ray.append,
                     progress=lambda done, total: progress.append((done, total)))
    assert json.dumps(result_dict(remote)) == json.dumps(result_dict(local))
    assert seen_ray == seen_local
    assert any(r.failure and r.failure.plugin == failing for r in seen_ray)
    assert progress[-1] == (36, 36) and progress == sorted(progress)


def test_simulate_json_is_the_same_with_ray_and_with_workers(ray_instance):
    runner = CliRunner()
    args = ["simulate", str(SCENARIOS / "boardgame-4p.toml"), "--games", "8", "--json", "-"]
    local = runner.invoke(main, [*args, "--workers", "2"])
    remote = runner.invoke(main, [*args, "--executor", "ray"])
    assert remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout) == json.loads(local.stdout)


def test_a_plugin_file_travels_with_the_task(tmp_path):
    """On a machine without the file (here: the file is gone by the time the worker loads
    it), the shipped text is loaded from a copy, and blame still names the original path."""
    failing = write_plugin(tmp_path, "fails_late", FAILS_LATE)
    scenarios = [cardgame(failing, seed=1)]
    jobs = list(PairedJobs(1, range(1, 7)))
    expected = list(InProcessExecutor().run(scenarios, jobs))
    packed, files = pack(scenarios)
    (tmp_path / "fails_late.py").unlink()
    records = play_chunk(("test-batch", packed, files, None, "end"), jobs)
    assert records == expected
    assert [r.failure.plugin for r in records if r.failure] == [failing, failing]


def test_without_ray_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)      # import ray -> ImportError
    with pytest.raises(ConfigError, match=r"pip install 'peloponnes-sandbox\[ray\]'"):
        make_executor(kind="ray")
    result = CliRunner().invoke(main, ["compare", str(SCENARIOS / "cardgame-4p.toml"),
                                       str(SCENARIOS / "cardgame-4p.toml"), "--executor", "ray"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "pip install 'peloponnes-sandbox[ray]'" in " ".join(result.output.split())


def test_an_address_nobody_answers_is_a_one_line_error():
    with pytest.raises(SandboxError, match="cannot reach Ray at 127.0.0.1:1"):
        check_reachable("127.0.0.1:1")
    with pytest.raises(ConfigError, match="expected HOST:PORT"):
        check_reachable("nowhere")
    with pytest.raises(ConfigError, match="--address needs --executor ray"):
        make_executor(2, address="10.0.0.5:6379")
    with pytest.raises(ConfigError, match="--workers is for the local executor"):
        make_executor(2, kind="ray")


def test_prepare_keeps_entries_usable_by_ray(ray_instance):
    entries = prepare([cardgame(), cardgame("no_conquest.py")])
    result = compare([], 3, entries=entries, executor=RayExecutor())
    assert result.games == 3


def test_trust_is_granted_on_the_driver_and_travels_with_the_scenarios(tmp_path):
    pytest.importorskip("ray")
    failing = write_plugin(tmp_path, "fails_late", FAILS_LATE)
    untrusted = replace(cardgame(failing, seed=1), trusted=False)
    jobs = list(PairedJobs(1, range(1, 7)))
    with pytest.raises(UntrustedCode, match="fails_late.py"):
        next(RayExecutor().run([untrusted], jobs))        # before connecting to any Ray
    trust_file(failing)           # `peloponnes trust FILE`, in this test's own config folder
    expected = list(InProcessExecutor().run([untrusted], jobs))
    packed, files = pack([granted(untrusted)])
    (tmp_path / "fails_late.py").unlink()                 # the worker loads a copy: not asked
    assert play_chunk(("trust-batch", packed, files, None, "end"), jobs) == expected


KILLS_ITS_RAY_WORKER = '''import os
import signal


@hookimpl
def on_event(game, event):
    if game.seed == 5 and os.getpid() != {driver}:
        os.kill(os.getpid(), signal.SIGKILL)
'''


def test_a_dead_ray_worker_loses_only_its_chunk(ray_instance, tmp_path):
    killer = write_plugin(tmp_path, "killer", KILLS_ITS_RAY_WORKER.format(driver=os.getpid()))
    records = list(RayExecutor(chunk=2, check="decision").run(
        [cardgame(killer)], list(PairedJobs(1, range(1, 9)))))
    assert [r.seed for r in records] == list(range(1, 9))
    failed = [(r.seed, r.failure.hook) for r in records if r.failure]
    assert failed == [(5, "worker process"), (6, "worker process")]     # seeds 5-6: one chunk
