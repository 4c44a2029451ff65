-- The words of each customer's searched text (names, email, phone), kept by triggers, as the
-- homes' are (migration 0019, whose dictionary of words they share): a search of one word over
-- an enterprise's customers counts its matches from an index alone, where the trigram index
-- compares the positions of the term's trigrams in every customer holding them
-- (db::list::SearchWords).
CREATE TABLE customer_words (
    word_id INTEGER NOT NULL,
    builder_id INTEGER NOT NULL,
    customer_id INTEGER NOT NULL,
    PRIMARY KEY (word_id, builder_id, customer_id)
) WITHOUT ROWID;
CREATE INDEX customer_words_customer ON customer_words (customer_id);

-- Cuts a text into its words for every table of words: a text inserted here leaves its words
-- in `property_words_cut` (migration 0019's scratch table) and the new ones in the dictionary.
CREATE TABLE search_words_cutter (text TEXT);
CREATE TRIGGER search_words_cut AFTER INSERT ON search_words_cutter BEGIN
    -- The lowered text cut a character at a time: `word` grows over letters and digits and
    -- starts again after any other character; it is whole where the next one is neither.
    INSERT INTO property_words_cut (word)
    WITH RECURSIVE cut (rest, word) AS (
        SELECT lower(NEW.text), ''
        UNION ALL
        SELECT substr(rest, 2),
               CASE WHEN substr(rest, 1, 1) GLOB '[a-z0-9]' THEN word || substr(rest, 1, 1) ELSE '' END
        FROM cut WHERE rest <> ''
    )
    SELECT DISTINCT word FROM cut WHERE word <> '' AND NOT substr(rest, 1, 1) GLOB '[a-z0-9]';
    INSERT OR IGNORE INTO search_words (word) SELECT word FROM property_words_cut;
    DELETE FROM search_words_cutter;
END;

-- The homes' words cut by it too: one cutting for every table.
DROP TRIGGER property_words_rewrite;
CREATE TRIGGER property_words_rewrite AFTER INSERT ON property_words_stale BEGIN
    INSERT INTO search_words_cutter (text)
    SELECT p.search_text || ' ' || c.name
    FROM properties p JOIN communities c ON c.id = p.community_id
    WHERE p.property_id = NEW.property_id;
    DELETE FROM property_words WHERE property_id = NEW.property_id;
    INSERT INTO property_words (word_id, builder_id, property_id)
    SELECT w.word_id, p.builder_id, p.property_id
    FROM property_words_cut cut JOIN search_words w ON w.word = cut.word, properties p
    WHERE p.property_id = NEW.property_id;
    DELETE FROM property_words_cut;
    DELETE FROM property_words_stale WHERE property_id = NEW.property_id;
END;

-- Customers whose words are to be written again; the trigger below rewrites them at once.
CREATE TABLE customer_words_stale (customer_id INTEGER NOT NULL);
CREATE TRIGGER customer_words_rewrite AFTER INSERT ON customer_words_stale BEGIN
    INSERT INTO search_words_cutter (text)
    SELECT search_text FROM customers WHERE customer_id = NEW.customer_id;
    DELETE FROM customer_words WHERE customer_id = NEW.customer_id;
    INSERT INTO customer_words (word_id, builder_id, customer_id)
    SELECT w.word_id, c.builder_id, c.customer_id
    FROM property_words_cut cut JOIN search_words w ON w.word = cut.word, customers c
    WHERE c.customer_id = NEW.customer_id;
    DELETE FROM property_words_cut;
    DELETE FROM customer_words_stale WHERE customer_id = NEW.customer_id;
END;

CREATE TRIGGER customer_words_insert AFTER INSERT ON customers BEGIN
    INSERT INTO customer_words_stale (customer_id) VALUES (NEW.customer_id);
END;
CREATE TRIGGER customer_words_update
AFTER UPDATE OF firstname, lastname, email_1, cell_phone_1, builder_id ON customers
BEGIN
    INSERT INTO customer_words_stale (customer_id) VALUES (NEW.customer_id);
END;
CREATE TRIGGER customer_words_delete AFTER DELETE ON customers BEGIN
    DELETE FROM customer_words WHERE customer_id = OLD.customer_id;
END;

INSERT INTO customer_words_stale (customer_id) SELECT customer_id FROM customers;

ANALYZE search_words;
ANALYZE customer_words;
