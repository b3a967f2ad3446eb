"""The `peloponnes` command's subcommands, one module per kind of work; `cli.py` holds the
click group and registers them. Each command parses, calls into `core/` and renders."""
