"""House rule kit example: a metric for ``peloponnes compare`` — how many bids per game were
outbid and had to move or withdraw.

Kind of change: adds a metric (``collect_metrics``), counting the shared auction's "bid" events.
Changes no rule. Works with: cardgame, boardgame, heroes.
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Metric: displaced_bids per game."}


@hookimpl
def collect_metrics(game):
    return {"displaced_bids": sum(1 for e in game.events
                                  if e.kind == "bid" and e.data.get("displaced") is not None)}


@hookimpl
def describe_metrics():
    return {"displaced_bids": {"meaning": "bids outbid that had to move or withdraw",
                               "unit": "bids"}}
