"""Bots. Every bot sees only what its seat sees: the game's public rules and card data,
its own observation, and the indices of its legal options."""

from gloam.bots.base import Bot
from gloam.bots.registry import bot_names, make_bot

__all__ = ["Bot", "bot_names", "make_bot"]
