"""online play: open seats with invites, forks' start, undo targets, chat

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

"""
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | Sequence[str] | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('tables') as batch:
        batch.add_column(sa.Column('start', sa.JSON(), nullable=True))
        batch.add_column(sa.Column('started_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('host_hash', sa.LargeBinary(length=32), nullable=True))
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('invite_hash', sa.LargeBinary(length=32), nullable=True))
        batch.add_column(sa.Column('joined_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('log') as batch:
        batch.add_column(sa.Column('target_seq', sa.Integer(), nullable=True))
    op.create_table('chat',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('table_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('channel', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('text', sa.String(length=300), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['tables.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('chat_table', 'chat', ['table_id', 'id'])


def downgrade() -> None:
    op.drop_index('chat_table', table_name='chat')
    op.drop_table('chat')
    with op.batch_alter_table('log') as batch:
        batch.drop_column('target_seq')
    with op.batch_alter_table('seats') as batch:
        batch.drop_column('joined_at')
        batch.drop_column('invite_hash')
    with op.batch_alter_table('tables') as batch:
        batch.drop_column('host_hash')
        batch.drop_column('started_at')
        batch.drop_column('start')
