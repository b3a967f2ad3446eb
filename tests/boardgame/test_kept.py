"""variants.common.kept: values made once per piece of component data, kept across games."""
from peloponnes.variants.common import kept
from peloponnes.variants.common.kept import kept_for


def test_kept_per_identity_made_again_for_other_data_and_bounded(monkeypatch):
    made = []

    def make(data):
        made.append(data)
        return len(data)

    cache: dict = {}
    table, twin = [1, 2, 3], [1, 2, 3]              # equal, but another table
    assert kept_for(cache, table, make) == 3 and kept_for(cache, table, make) == 3
    assert kept_for(cache, twin, make) == 3
    assert made == [table, twin] and made[1] is twin
    monkeypatch.setattr(kept, "OPTION_CACHE_SIZE", 2)
    kept_for(cache, [4], make)                      # full: the cache starts over
    assert len(cache) == 1
