-- The after-hours attempt's own searched text (the home's number and the tour hours, joined by the
-- unit separator), lowered, and its trigram index: with the index on the home, a search reads
-- its matches instead of testing every attempt in scope (db::after_tour_hours).
ALTER TABLE after_tour_hours ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(
    property_id::text || chr(31) || tour_hours
)) STORED;
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX after_tour_hours_search ON after_tour_hours USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: a search of after-hours attempts reads every one in scope';
END;
$$;
