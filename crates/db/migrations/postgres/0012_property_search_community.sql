-- Nothing on PostgreSQL: its trigram index reads the homes' own text, and a search finds the
-- community's name through the community (list engine, `SearchThrough`), each by its index.
SELECT 1;
