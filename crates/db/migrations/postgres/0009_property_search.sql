-- The text a property search looks in: the home's searched columns in one value (joined by the
-- unit separator, which no search types), so a search is one LIKE per row instead of one per
-- column. The community's name is searched through the community (list engine,
-- `SearchThrough`), so a rename needs no rewrite of its homes.
ALTER TABLE properties ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    coalesce(address_1, '') || chr(31) || coalesce(house_num, '') || chr(31) ||
    coalesce(subdivision, '') || chr(31) || coalesce(city, '') || chr(31) ||
    coalesce(zipcode, '') || chr(31) || coalesce(marketing_name, '') || chr(31) ||
    coalesce(mls_number, '')
) STORED;

-- A trigram index answers `lower(search_text) LIKE '%term%'` without reading every home of an
-- enterprise. pg_trgm ships with PostgreSQL's contrib modules and is trusted (a database owner
-- may create it); where it is missing or not allowed, searches still work, by reading the rows.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX properties_search ON properties USING gin (lower(search_text) gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: property search reads every row in scope';
END;
$$;
