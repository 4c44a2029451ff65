-- The offers' own text in a trigram index, as the after-hours attempts have theirs: an
-- enterprise's search reads the matching offers from it, and those of the matching visitors
-- from the customers' index, instead of testing every offer's text (db::offers).
CREATE VIRTUAL TABLE offer_search USING fts5(
    search_text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO offer_search (rowid, search_text) SELECT id, search_text FROM offers;
CREATE TRIGGER offer_search_insert AFTER INSERT ON offers BEGIN
    INSERT INTO offer_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
CREATE TRIGGER offer_search_delete AFTER DELETE ON offers BEGIN
    DELETE FROM offer_search WHERE rowid = OLD.id;
END;
CREATE TRIGGER offer_search_update AFTER UPDATE OF floor_plan, property_id ON offers BEGIN
    DELETE FROM offer_search WHERE rowid = OLD.id;
    INSERT INTO offer_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
