-- Nothing on SQLite: its LIKE ignores case, and the search index (migration 0012) folds it.
SELECT 1;
