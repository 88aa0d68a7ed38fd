"""Full seeds and their commitments: the seed column becomes decimal text (server seeds carry 129
bits); salt, commitment and whether the creator chose the seed are added. Games stored before
have no commitment (none was shown to their seats): their columns stay NULL.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.alter_column("seed", type_=sa.String(80), existing_type=sa.Integer, existing_nullable=False,
                       postgresql_using="seed::text")
        b.add_column(sa.Column("salt", sa.String(64), nullable=True))
        b.add_column(sa.Column("commitment", sa.String(64), nullable=True))
        b.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as b:
        b.drop_column("seed_chosen")
        b.drop_column("commitment")
        b.drop_column("salt")
        b.alter_column("seed", type_=sa.Integer, existing_type=sa.String(80), existing_nullable=False,
                       postgresql_using="seed::bigint")
