"""The Peloponnes card game (rules: shared/rules/cardgame.en.txt; plugin: ``plugin.py``)."""
