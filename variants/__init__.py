"""The Peloponnes rulesets, each a pluggy plugin on the core engine."""
