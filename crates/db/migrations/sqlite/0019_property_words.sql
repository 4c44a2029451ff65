-- The words of each home's searched text and of its community's name, as on PostgreSQL (its
-- migration 0018), so a search of one word counts its homes from an index alone: counting a
-- common term's homes in the trigram index reads and compares the positions of every trigram
-- of the term in every home holding it.
-- A word is a run of ASCII letters and digits of the lowered text; a term of such characters
-- only lies within one word wherever it occurs, so the homes holding a word that contains it
-- are exactly the homes whose text or community name contains it (db::list::SearchWords).
CREATE TABLE search_words (
    word_id INTEGER PRIMARY KEY,
    word TEXT NOT NULL UNIQUE
);

-- The words a term lies in, found by trigrams rather than by reading every word.
CREATE VIRTUAL TABLE search_word_trigrams USING fts5(
    word, content = 'search_words', content_rowid = 'word_id', tokenize = 'trigram'
);
CREATE TRIGGER search_words_insert AFTER INSERT ON search_words BEGIN
    INSERT INTO search_word_trigrams (rowid, word) VALUES (NEW.word_id, NEW.word);
END;

CREATE TABLE property_words (
    word_id INTEGER NOT NULL,
    builder_id INTEGER NOT NULL,
    property_id INTEGER NOT NULL,
    PRIMARY KEY (word_id, builder_id, property_id)
) WITHOUT ROWID;
CREATE INDEX property_words_home ON property_words (property_id);

-- Homes whose words are to be written again. Every change that moves a home's words puts the
-- home here, and the trigger below rewrites them at once, so the cutting lives in one place.
CREATE TABLE property_words_stale (property_id INTEGER NOT NULL);
-- The words of the home being rewritten, between the trigger's statements.
CREATE TABLE property_words_cut (word TEXT NOT NULL);

CREATE TRIGGER property_words_rewrite AFTER INSERT ON property_words_stale BEGIN
    -- The lowered text cut a character at a time: `word` grows over letters and digits and
    -- starts again after any other character; it is whole where the next one is neither.
    INSERT INTO property_words_cut (word)
    WITH RECURSIVE cut (rest, word) AS (
        SELECT lower(p.search_text || ' ' || c.name), ''
        FROM properties p JOIN communities c ON c.id = p.community_id
        WHERE p.property_id = NEW.property_id
        UNION ALL
        SELECT substr(rest, 2),
               CASE WHEN substr(rest, 1, 1) GLOB '[a-z0-9]' THEN word || substr(rest, 1, 1) ELSE '' END
        FROM cut WHERE rest <> ''
    )
    SELECT DISTINCT word FROM cut WHERE word <> '' AND NOT substr(rest, 1, 1) GLOB '[a-z0-9]';
    INSERT OR IGNORE INTO search_words (word) SELECT word FROM property_words_cut;
    DELETE FROM property_words WHERE property_id = NEW.property_id;
    INSERT INTO property_words (word_id, builder_id, property_id)
    SELECT w.word_id, p.builder_id, p.property_id
    FROM property_words_cut cut JOIN search_words w ON w.word = cut.word, properties p
    WHERE p.property_id = NEW.property_id;
    DELETE FROM property_words_cut;
    DELETE FROM property_words_stale WHERE property_id = NEW.property_id;
END;

CREATE TRIGGER property_words_insert AFTER INSERT ON properties BEGIN
    INSERT INTO property_words_stale (property_id) VALUES (NEW.property_id);
END;
CREATE TRIGGER property_words_update
AFTER UPDATE OF address_1, house_num, subdivision, city, zipcode, marketing_name, mls_number,
    community_id, builder_id ON properties
BEGIN
    INSERT INTO property_words_stale (property_id) VALUES (NEW.property_id);
END;
CREATE TRIGGER property_words_delete AFTER DELETE ON properties BEGIN
    DELETE FROM property_words WHERE property_id = OLD.property_id;
END;
-- A renamed community's homes take its new name's words.
CREATE TRIGGER property_words_community_rename AFTER UPDATE OF name ON communities
WHEN lower(NEW.name) IS NOT lower(OLD.name)
BEGIN
    INSERT INTO property_words_stale (property_id)
    SELECT property_id FROM properties WHERE community_id = NEW.id;
END;

INSERT INTO property_words_stale (property_id) SELECT property_id FROM properties;

ANALYZE search_words;
ANALYZE property_words;
