"""Card effect functions, one module per set; importing this package registers them all."""

from gloam.nightfall.effects import (
    bc,  # noqa: F401
    cw,  # noqa: F401
    ml,  # noqa: F401
    nf,  # noqa: F401
)
