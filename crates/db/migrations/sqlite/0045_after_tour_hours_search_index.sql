-- The after-hours attempts' own text in a trigram index, as the tours booked have theirs: an
-- enterprise's search reads the matching attempts from it, and those of the matching homes from
-- the homes' index, instead of testing every attempt's text (db::after_tour_hours).
CREATE VIRTUAL TABLE after_tour_hours_search USING fts5(
    search_text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO after_tour_hours_search (rowid, search_text) SELECT id, search_text FROM after_tour_hours;
CREATE TRIGGER after_tour_hours_search_insert AFTER INSERT ON after_tour_hours BEGIN
    INSERT INTO after_tour_hours_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
CREATE TRIGGER after_tour_hours_search_delete AFTER DELETE ON after_tour_hours BEGIN
    DELETE FROM after_tour_hours_search WHERE rowid = OLD.id;
END;
CREATE TRIGGER after_tour_hours_search_update AFTER UPDATE OF property_id, tour_hours
ON after_tour_hours BEGIN
    DELETE FROM after_tour_hours_search WHERE rowid = OLD.id;
    INSERT INTO after_tour_hours_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
