"""Heroes & Colonies: the expansion of the tile board game, as a plugin stacked on it."""
