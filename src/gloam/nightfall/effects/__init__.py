"""Card effect functions, one module per set; importing this package registers them all."""

from gloam.nightfall.effects import cw  # noqa: F401
