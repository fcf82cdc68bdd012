"""Alembic's environment for gloam's server: run programmatically by
:func:`gloam.server.store.repo.migrate` (no alembic.ini), on a synchronous connection the
caller passes in ``config.attributes["connection"]`` or on the URL in the config."""

from alembic import context
from sqlalchemy import create_engine, pool

from gloam.server.store.models import metadata

config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool)
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata,
                      literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run()
