"""Mechanics the Peloponnes family shares: the displacement auction with its conquest row, turn
order by bid, min() scoring, and the family's hook points (``variants.common.hookspecs``)."""
