-- Nothing on PostgreSQL: the offers' lowered text has its trigram index since 0056; SQLite
-- gains its trigram index of the same text here.
SELECT 1;
