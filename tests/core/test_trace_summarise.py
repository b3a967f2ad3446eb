"""``lab.trace.summarise``: the short text of a hook's answer (coverage, ``compare --explain``)."""
from dataclasses import dataclass

from peloponnes.core.decisions import Event, Option
from peloponnes.lab.trace import summarise


@dataclass
class Point:
    x: int
    y: int


def test_named_tuples_and_dataclasses_are_shown_by_their_fields():
    # Option and Event are named tuples: shown by field, like a dataclass, not as bare tuples
    assert summarise(Option("card:2", "Temple", 3)) == \
        "Option(id='card:2', label='Temple', value=3, key='')"
    assert summarise(Event(4, 1, "bid", {"seat": 0})) == \
        "Event(seq=4, round=1, kind='bid', data={seat: 0}, rule='')"
    assert summarise(Point(1, 2)) == "Point(x=1, y=2)"
    assert summarise((Option("pass", "Pass"),)) == \
        "(Option(id='pass', label='Pass', value=None, key=''),)"
    assert summarise((1, "a")) == "(1, 'a')"        # a plain tuple stays a tuple
