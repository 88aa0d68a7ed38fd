"""Custom scenarios made in the web editor: each saved version is an immutable copy named by the
hash of its content (what game records cite), and each scenario an author-owned row pointing to
its current copy (only the author key's hash is stored).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "scenario_copies",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("module", sa.String(64), nullable=False),
        sa.Column("content", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )
    op.create_table(
        "custom_scenarios",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("module", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("author_hash", sa.String(64), nullable=False, index=True),
        sa.Column("copy_id", sa.String(64), sa.ForeignKey("scenario_copies.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False, server_default=sa.func.now()),
    )


def downgrade() -> None:
    op.drop_table("custom_scenarios")
    op.drop_table("scenario_copies")
