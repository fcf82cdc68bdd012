"""Nightfall (AEG): the rules engine, its card data and its declaration.

The game is :class:`gloam.nightfall.game.NightfallGame` (states:
:mod:`gloam.nightfall.state`, the frame loop :mod:`gloam.nightfall.engine`, the turn
:mod:`gloam.nightfall.phases`, the cards' texts :mod:`gloam.nightfall.effects`); what the
layers above see of it is :data:`gloam.nightfall.declaration.DECLARATION`
(docs/architecture.md, "Where each Nightfall rule lives"). This package itself exports
the card model and the strict loader of each set's data file
(:mod:`gloam.nightfall.cards`; The Coldest War is ``load_set("CW")``); every card field
says whether the seeds state it or gloam designed it.
"""

from gloam.nightfall.cards import (
    Card,
    CardSet,
    load_card_file,
    load_set,
    markdown_table,
)

__all__ = ["Card", "CardSet", "load_card_file", "load_set", "markdown_table"]
