-- The words of each customer's searched text (names, email, phone), kept by triggers, as the
-- homes' are (migration 0018, whose dictionary of words they share): a search of one word over
-- an enterprise's customers counts its matches from an index alone, where the trigram index's
-- candidates are rechecked one by one, and the page walks the order testing each customer's
-- words (db::list::SearchWords).
CREATE TABLE customer_words (
    word_id BIGINT NOT NULL,
    builder_id BIGINT NOT NULL,
    customer_id BIGINT NOT NULL,
    PRIMARY KEY (word_id, builder_id, customer_id)
);
CREATE INDEX customer_words_customer ON customer_words (customer_id);

-- The words of each of the (lowered) texts, as (word, scope, key) of the text at the same place
-- in each array, each pair once; new words are added to the dictionary first, in a statement
-- of their own, so the next one's snapshot sees them and those another transaction added. They
-- are added in the words' order, so two writers adding the same new words wait for each other
-- instead of each holding one the other needs. Every table of words is written from it.
CREATE FUNCTION search_words_of(keys BIGINT[], scopes BIGINT[], texts TEXT[])
RETURNS TABLE (word_id BIGINT, scope_id BIGINT, key_id BIGINT) LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO search_words (word)
    SELECT DISTINCT t.word
    FROM unnest(texts) AS x (text), regexp_split_to_table(x.text, '[^a-z0-9]+') AS t (word)
    WHERE t.word <> ''
    ORDER BY t.word
    ON CONFLICT (word) DO NOTHING;
    RETURN QUERY
    SELECT DISTINCT w.word_id, x.scope, x.key
    FROM unnest(keys, scopes, texts) AS x (key, scope, text),
         regexp_split_to_table(x.text, '[^a-z0-9]+') AS t (word)
         JOIN search_words w ON w.word = t.word;
END;
$$;

-- The homes' words from it too: one cutting for every table. Their communities are held first
-- (FOR SHARE waits for a rename being written, whose trigger cannot see a home not yet
-- committed), so the names read next are the committed ones.
CREATE OR REPLACE FUNCTION property_words_write(homes BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM communities c
    WHERE c.id IN (SELECT community_id FROM properties WHERE property_id = ANY (homes))
    ORDER BY c.id FOR SHARE;
    DELETE FROM property_words WHERE property_id = ANY (homes);
    INSERT INTO property_words (word_id, builder_id, property_id)
    SELECT w.* FROM (
        SELECT array_agg(p.property_id) AS keys, array_agg(p.builder_id) AS scopes,
               array_agg(p.search_text || ' ' || lower(c.name)) AS texts
        FROM properties p JOIN communities c ON c.id = p.community_id
        WHERE p.property_id = ANY (homes)
    ) x, search_words_of(x.keys, x.scopes, x.texts) w;
END;
$$;

-- Rewrites the words of the given customers from their (lowered) searched text.
CREATE FUNCTION customer_words_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM customer_words WHERE customer_id = ANY (ids);
    INSERT INTO customer_words (word_id, builder_id, customer_id)
    SELECT w.* FROM (
        SELECT array_agg(customer_id) AS keys, array_agg(builder_id) AS scopes,
               array_agg(search_text) AS texts
        FROM customers WHERE customer_id = ANY (ids)
    ) x, search_words_of(x.keys, x.scopes, x.texts) w;
END;
$$;

-- New and removed customers by statement; an edit by row, and only when its text or builder
-- moved, so the counters a visit updates cost nothing here.
CREATE FUNCTION customer_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_LEVEL = 'ROW' THEN
        PERFORM customer_words_write(ARRAY[NEW.customer_id]);
    ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM customer_words WHERE customer_id IN (SELECT customer_id FROM old_rows);
    ELSE
        PERFORM customer_words_write(ARRAY(SELECT customer_id FROM new_rows));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER customer_words_insert AFTER INSERT ON customers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_words_follow();
CREATE TRIGGER customer_words_delete AFTER DELETE ON customers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_words_follow();
CREATE TRIGGER customer_words_update AFTER UPDATE ON customers FOR EACH ROW
    WHEN (NEW.search_text IS DISTINCT FROM OLD.search_text OR NEW.builder_id <> OLD.builder_id)
    EXECUTE FUNCTION customer_words_follow();

SELECT customer_words_write(ARRAY(SELECT customer_id FROM customers));

-- Statistics for the planner at once, rather than at autovacuum's next round.
ANALYZE search_words;
ANALYZE customer_words;
