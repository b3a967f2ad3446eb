"""Tables that keep every name and number whole in any terminal. ``FirstThatFits`` draws the
first of several layouts of the same table whose cells all fit the console unwrapped (else the
last, the narrowest); ``compact_table`` is the narrow layouts' style: a rule under the header,
two spaces between columns, no frame."""
from __future__ import annotations

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table

UNBOUNDED = 100_000


def natural_width(console: Console, options: ConsoleOptions, renderable: RenderableType) -> int:
    """The columns ``renderable`` takes when nothing in it wraps."""
    return Measurement.get(console, options.update_width(UNBOUNDED), renderable).maximum


class FirstThatFits:
    """The first of ``layouts`` whose natural width fits the console, else the last."""

    def __init__(self, *layouts: RenderableType):
        self.layouts = layouts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for layout in self.layouts[:-1]:
            if natural_width(console, options, layout) <= options.max_width:
                yield layout
                return
        yield self.layouts[-1]


def compact_table(title: str) -> Table:
    """A table for narrow terminals: unframed, five columns take 8 characters beside their
    cells where framed ones take 16."""
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False,
                 pad_edge=False, padding=(0, 1, 0, 0))
