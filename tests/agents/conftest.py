"""What every agent test shares: a private model cache, so no test reads a model another test,
or the user, trained."""
import pytest


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Every test trains into its own empty model cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
