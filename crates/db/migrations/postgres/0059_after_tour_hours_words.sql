-- The words each after-hours attempt is searched by: its own text (the home's number and the
-- tour hours) and its home's address and community's name, kept by triggers, as the homes' and
-- customers' are (migrations 0018 and 0058): an enterprise's search of one word counts its
-- attempts from an index alone and walks the order testing each attempt's words, where it
-- otherwise read the matching homes and probed their attempts one by one (db::list::SearchWords).
CREATE TABLE after_tour_hours_words (
    word_id BIGINT NOT NULL,
    builder_id BIGINT NOT NULL,
    id BIGINT NOT NULL,
    PRIMARY KEY (word_id, builder_id, id)
);
CREATE INDEX after_tour_hours_words_attempt ON after_tour_hours_words (id);

-- Rewrites the words of the given attempts (migration 0058 cuts them). The attempts are held
-- first, and their homes and communities shared: an edit of the home or a rename of the
-- community being written is waited for (its trigger cannot see an attempt not yet committed),
-- and two rewrites of one attempt take turns, so the texts read next are the committed ones.
CREATE FUNCTION after_tour_hours_words_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1
    FROM after_tour_hours a JOIN properties p ON p.property_id = a.property_id
         JOIN communities m ON m.id = p.community_id
    WHERE a.id = ANY (ids)
    ORDER BY a.id FOR UPDATE OF a FOR SHARE OF p, m;
    DELETE FROM after_tour_hours_words WHERE id = ANY (ids);
    INSERT INTO after_tour_hours_words (word_id, builder_id, id)
    SELECT w.* FROM (
        SELECT array_agg(a.id) AS keys, array_agg(a.builder_id) AS scopes,
               array_agg(a.search_text || ' ' || lower(p.address_1) || ' ' || lower(m.name)) AS texts
        FROM after_tour_hours a JOIN properties p ON p.property_id = a.property_id
             JOIN communities m ON m.id = p.community_id
        WHERE a.id = ANY (ids)
    ) x, search_words_of(x.keys, x.scopes, x.texts) w;
END;
$$;

-- New and removed attempts by statement; an edited one by row, when its text, home or builder
-- moved; a home's new address or community, and a community's new name, move its attempts'.
CREATE FUNCTION after_tour_hours_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'properties' THEN
        PERFORM after_tour_hours_words_write(ARRAY(
            SELECT id FROM after_tour_hours WHERE property_id = NEW.property_id));
    ELSIF TG_TABLE_NAME = 'communities' THEN
        PERFORM after_tour_hours_words_write(ARRAY(
            SELECT a.id FROM properties p JOIN after_tour_hours a ON a.property_id = p.property_id
            WHERE p.community_id = NEW.id));
    ELSIF TG_LEVEL = 'ROW' THEN
        PERFORM after_tour_hours_words_write(ARRAY[NEW.id]);
    ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM after_tour_hours_words WHERE id IN (SELECT id FROM old_rows);
    ELSE
        PERFORM after_tour_hours_words_write(ARRAY(SELECT id FROM new_rows));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER after_tour_hours_words_insert AFTER INSERT ON after_tour_hours
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION after_tour_hours_words_follow();
CREATE TRIGGER after_tour_hours_words_delete AFTER DELETE ON after_tour_hours
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION after_tour_hours_words_follow();
CREATE TRIGGER after_tour_hours_words_update AFTER UPDATE ON after_tour_hours FOR EACH ROW
    WHEN (NEW.search_text IS DISTINCT FROM OLD.search_text OR NEW.property_id <> OLD.property_id
          OR NEW.builder_id <> OLD.builder_id)
    EXECUTE FUNCTION after_tour_hours_words_follow();
CREATE TRIGGER after_tour_hours_words_home AFTER UPDATE OF address_1, community_id ON properties
    FOR EACH ROW WHEN (lower(NEW.address_1) IS DISTINCT FROM lower(OLD.address_1)
        OR NEW.community_id <> OLD.community_id)
    EXECUTE FUNCTION after_tour_hours_words_follow();
CREATE TRIGGER after_tour_hours_words_community AFTER UPDATE OF name ON communities
    FOR EACH ROW WHEN (lower(NEW.name) IS DISTINCT FROM lower(OLD.name))
    EXECUTE FUNCTION after_tour_hours_words_follow();

SELECT after_tour_hours_words_write(ARRAY(SELECT id FROM after_tour_hours));

ANALYZE search_words;
ANALYZE after_tour_hours_words;
