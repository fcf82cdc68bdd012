"""gloam's version (``gloam --version``, a record's ``engine``): kept in ``core`` so that
``core`` reads it without importing the package above it. Keep it equal to
``pyproject.toml``'s ``version``."""

__version__ = "0.1.0"
