-- SQLite's word tables (its migration 0019); PostgreSQL has had its own since migration 0018.
SELECT 1;
