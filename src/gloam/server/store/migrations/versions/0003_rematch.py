"""rematches: a finished table points to its rematch, a rematch to the table it follows

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | Sequence[str] | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('tables') as batch:
        batch.add_column(sa.Column('rematch', sa.String(length=16), nullable=True))
        batch.add_column(sa.Column('rematch_of', sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tables') as batch:
        batch.drop_column('rematch_of')
        batch.drop_column('rematch')
