"""Suite-wide fixtures."""
import pytest


@pytest.fixture(autouse=True)
def private_trust_record(tmp_path_factory, monkeypatch):
    """Every test gets its own empty config folder, so the trust record (core/consent.py) that
    `peloponnes trust` and `new-plugin` write never touches the user's own, and no test sees
    another's consent. Subprocesses inherit it through the environment."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
