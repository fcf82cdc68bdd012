"""Storage: the SQLAlchemy tables (models.py), the one writer with group commit
(writer.py), the queries (repo.py) and the Alembic migrations (migrations/)."""
