"""``peloponnes check``: where the rules break (``run``), the decision census it takes of every
game (``census``) and its report in the terminal (``render``)."""
from peloponnes.lab.check.run import BOTS, CheckReport, Finding, run_check

__all__ = ["BOTS", "CheckReport", "Finding", "run_check"]
