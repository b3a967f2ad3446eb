"""The Peloponnes tile board game (2009) ruleset."""
