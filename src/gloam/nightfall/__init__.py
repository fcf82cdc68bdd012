"""Nightfall (AEG): card data and, later, the rules engine.

So far this package holds the card model and the strict loader of each set's data
file (:mod:`gloam.nightfall.cards`); The Coldest War is ``load_set("CW")``. Every card
field says whether the seeds state it or gloam designed it.
"""

from gloam.nightfall.cards import (
    Card,
    CardSet,
    load_card_file,
    load_set,
    markdown_table,
)

__all__ = ["Card", "CardSet", "load_card_file", "load_set", "markdown_table"]
