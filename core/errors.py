"""Errors the engine raises on bad input. Each one carries a message fit for a one-line CLI
error."""


def one_line(text: str) -> str:
    """``text`` fit for a one-line message: control characters (newlines, terminal escapes)
    shown escaped, as Python writes them in a string."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class SandboxError(Exception):
    """Base class: any error the CLI reports as a clear message instead of a traceback."""


class ConfigError(SandboxError):
    """A scenario, component file or plugin is malformed.

    `where` is the file, `path` the key path inside it (``players[2].agent``).
    """

    def __init__(self, message: str, *, where: str | None = None, path: str | None = None):
        self.where = where
        self.path = path
        self.detail = message
        prefix = ": ".join(p for p in (where, path) if p)
        super().__init__(one_line(f"{prefix}: {message}" if prefix else message))


class IllegalAnswer(SandboxError):
    """An answer that is not one of the options offered by the pending decision."""


class PluginError(SandboxError):
    """A plugin failed: at import, at registration, or inside a hook during a game."""

    def __init__(self, message: str, *, plugin: str | None = None, hook: str | None = None,
                 rule: str | None = None):
        self.plugin = plugin
        self.hook = hook
        self.rule = rule
        parts = [message]
        if plugin:
            parts.append(f"plugin: {plugin}")
        if hook:
            parts.append(f"hook: {hook}")
        if rule:
            parts.append(f"rule: {rule}")
        super().__init__(one_line(" | ".join(parts)))


class UntrustedCode(ConfigError):
    """A scenario names plugin code the user has not trusted (see ``core/consent.py``)."""
