-- The words each after-hours attempt is searched by: its own text (the home's number and the
-- tour hours) and its home's address and community's name, kept by triggers, as the homes' and
-- customers' are (migrations 0019 and 0058, whose dictionary and cutting they share): an
-- enterprise's search of one word counts its attempts from an index alone and walks the order
-- testing each attempt's words (db::list::SearchWords).
CREATE TABLE after_tour_hours_words (
    word_id INTEGER NOT NULL,
    builder_id INTEGER NOT NULL,
    id INTEGER NOT NULL,
    PRIMARY KEY (word_id, builder_id, id)
) WITHOUT ROWID;
CREATE INDEX after_tour_hours_words_attempt ON after_tour_hours_words (id);

-- Attempts whose words are to be written again; the trigger below rewrites them at once.
CREATE TABLE after_tour_hours_words_stale (id INTEGER NOT NULL);

CREATE TRIGGER after_tour_hours_words_rewrite AFTER INSERT ON after_tour_hours_words_stale BEGIN
    INSERT INTO search_words_cutter (text)
    SELECT a.search_text || ' ' || p.address_1 || ' ' || m.name
    FROM after_tour_hours a JOIN properties p ON p.property_id = a.property_id
         JOIN communities m ON m.id = p.community_id
    WHERE a.id = NEW.id;
    DELETE FROM after_tour_hours_words WHERE id = NEW.id;
    INSERT INTO after_tour_hours_words (word_id, builder_id, id)
    SELECT w.word_id, a.builder_id, a.id
    FROM property_words_cut cut JOIN search_words w ON w.word = cut.word, after_tour_hours a
    WHERE a.id = NEW.id;
    DELETE FROM property_words_cut;
    DELETE FROM after_tour_hours_words_stale WHERE id = NEW.id;
END;

CREATE TRIGGER after_tour_hours_words_insert AFTER INSERT ON after_tour_hours BEGIN
    INSERT INTO after_tour_hours_words_stale (id) VALUES (NEW.id);
END;
CREATE TRIGGER after_tour_hours_words_update
AFTER UPDATE OF property_id, tour_hours, builder_id ON after_tour_hours
BEGIN
    INSERT INTO after_tour_hours_words_stale (id) VALUES (NEW.id);
END;
CREATE TRIGGER after_tour_hours_words_delete AFTER DELETE ON after_tour_hours BEGIN
    DELETE FROM after_tour_hours_words WHERE id = OLD.id;
END;
-- A home's new address or community, and a community's new name, move its attempts' words.
CREATE TRIGGER after_tour_hours_words_home AFTER UPDATE OF address_1, community_id ON properties
WHEN lower(NEW.address_1) IS NOT lower(OLD.address_1) OR NEW.community_id <> OLD.community_id
BEGIN
    INSERT INTO after_tour_hours_words_stale (id)
    SELECT id FROM after_tour_hours WHERE property_id = NEW.property_id;
END;
CREATE TRIGGER after_tour_hours_words_community AFTER UPDATE OF name ON communities
WHEN lower(NEW.name) IS NOT lower(OLD.name)
BEGIN
    INSERT INTO after_tour_hours_words_stale (id)
    SELECT a.id FROM properties p JOIN after_tour_hours a ON a.property_id = p.property_id
    WHERE p.community_id = NEW.id;
END;

INSERT INTO after_tour_hours_words_stale (id) SELECT id FROM after_tour_hours;

ANALYZE search_words;
ANALYZE after_tour_hours_words;
