-- Nothing on PostgreSQL: the attempts' lowered text has its trigram index since 0043; SQLite
-- gains its trigram index of the same text here.
SELECT 1;
