-- Nothing on SQLite: the visits search finds the homes in their trigram index
-- (`property_search`) and sums their counts by key; PostgreSQL's counts keep each home's
-- searched columns, so one read finds and sums them (`ThroughCounts::searched`).
SELECT 1;
