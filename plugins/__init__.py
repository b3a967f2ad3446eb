"""House rules shipped as examples, one small file each (see the README's table).

Installed, they are importable as ``peloponnes.plugins.NAME`` and a scenario can name them
without a path (``plugins = ["no_conquest"]``)."""
