"""the tables, seats and the append-only log

Revision ID: 0001
Revises: 
Create Date: 2026-12-01

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = '0001'
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('tables',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('setup', sa.JSON(), nullable=False),
    sa.Column('seed', sa.String(length=24), nullable=False),
    sa.Column('bot_secret', sa.String(length=24), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('result', sa.JSON(), nullable=True),
    sa.Column('engine', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('log',
    sa.Column('table_id', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('action', sa.Integer(), nullable=True),
    sa.Column('by', sa.String(length=40), nullable=False),
    sa.Column('cid', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
    sa.PrimaryKeyConstraint('table_id', 'seq'),
    sa.UniqueConstraint('table_id', 'cid', name='log_cid')
    )
    op.create_index('tables_status', 'tables', ['status'])
    op.create_table('seats',
    sa.Column('table_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('bot', sa.String(length=32), nullable=True),
    sa.Column('token_hash', sa.LargeBinary(length=32), nullable=True),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
    sa.PrimaryKeyConstraint('table_id', 'seat')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('seats')
    op.drop_table('log')
    op.drop_index('tables_status', table_name='tables')
    op.drop_table('tables')
