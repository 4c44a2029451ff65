-- The words of each home's searched text and of its community's name, kept by triggers, so a
-- search of one word counts its homes from an index alone: a whole-enterprise search of a common
-- word otherwise rechecks thousands of homes' text against the trigram index's candidates.
-- A word is a run of ASCII letters and digits of the lowered text; a term of such characters
-- only lies within one word wherever it occurs, so the homes holding a word that contains it
-- are exactly the homes whose text or community name contains it (db::list::SearchWords).
CREATE TABLE search_words (
    word_id BIGSERIAL PRIMARY KEY,
    word TEXT NOT NULL UNIQUE
);

CREATE TABLE property_words (
    word_id BIGINT NOT NULL,
    builder_id BIGINT NOT NULL,
    property_id BIGINT NOT NULL,
    PRIMARY KEY (word_id, builder_id, property_id)
);
CREATE INDEX property_words_home ON property_words (property_id);

-- Rewrites the words of the given homes from their text and their community's name.
CREATE FUNCTION property_words_write(homes BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM property_words WHERE property_id = ANY (homes);
    -- New words first, in a statement of their own, so the next one's snapshot sees them,
    -- and those another transaction added meanwhile.
    INSERT INTO search_words (word)
    SELECT DISTINCT t.word
    FROM properties p JOIN communities c ON c.id = p.community_id,
         regexp_split_to_table(p.search_text || ' ' || lower(c.name), '[^a-z0-9]+') AS t (word)
    WHERE p.property_id = ANY (homes) AND t.word <> ''
    ON CONFLICT (word) DO NOTHING;
    INSERT INTO property_words (word_id, builder_id, property_id)
    SELECT DISTINCT w.word_id, p.builder_id, p.property_id
    FROM properties p JOIN communities c ON c.id = p.community_id,
         regexp_split_to_table(p.search_text || ' ' || lower(c.name), '[^a-z0-9]+') AS t (word)
         JOIN search_words w ON w.word = t.word
    WHERE p.property_id = ANY (homes);
END;
$$;

CREATE FUNCTION property_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM property_words WHERE property_id IN (SELECT property_id FROM old_rows);
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM property_words_write(ARRAY(SELECT property_id FROM new_rows));
    ELSE
        PERFORM property_words_write(ARRAY(
            SELECT n.property_id FROM new_rows n JOIN old_rows o ON o.property_id = n.property_id
            WHERE n.search_text IS DISTINCT FROM o.search_text
               OR n.community_id <> o.community_id OR n.builder_id <> o.builder_id));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER property_words_insert AFTER INSERT ON properties
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION property_words_follow();
CREATE TRIGGER property_words_delete AFTER DELETE ON properties
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION property_words_follow();
CREATE TRIGGER property_words_update AFTER UPDATE ON properties
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION property_words_follow();

-- A renamed community's homes take its new name's words.
CREATE FUNCTION community_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM property_words_write(ARRAY(
        SELECT p.property_id FROM new_rows n JOIN old_rows o ON o.id = n.id
        JOIN properties p ON p.community_id = n.id
        WHERE lower(n.name) IS DISTINCT FROM lower(o.name)));
    RETURN NULL;
END;
$$;

CREATE TRIGGER community_words_update AFTER UPDATE ON communities
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_words_follow();

SELECT property_words_write(ARRAY(SELECT property_id FROM properties));

-- The words a term lies in are found by the trigram index where pg_trgm is available (migration
-- 0009); without it, by reading the words, far fewer than the homes.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: a word search reads every word';
END;
$$;

-- Statistics for the planner at once, rather than at autovacuum's next round.
ANALYZE search_words;
ANALYZE property_words;
