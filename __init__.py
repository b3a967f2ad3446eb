"""The ``peloponnes`` package: the Peloponnes rules sandbox.

Installed, the repository's top-level folders live under this one namespace
(``pyproject.toml`` maps them): ``peloponnes.core`` (the engine), ``peloponnes.variants`` (the
rulesets), ``peloponnes.cli`` (the command line), ``peloponnes.plugins`` (shipped house rules)
and ``peloponnes.scenarios`` (ready scenarios, as data).

Plugin authors need only::

    from peloponnes import hookimpl
"""
from peloponnes.core.hookspecs import hookimpl, hookspec

__all__ = ["hookimpl", "hookspec", "__version__"]
__version__ = "0.2.0"
