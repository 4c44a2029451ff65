-- The tours booked, offers and after-hours attempts of an enterprise's builders: rows per builder
-- kept by triggers, an order index for every sort, and the tours booked's searched text with its
-- trigram index, so a page of twenty builders' rows walks an order instead of reading and sorting
-- every row in scope (db::scheduled_visits, db::offers, db::after_tour_hours).

-- Rows per list and builder: a page counts its scope from these, and decides from them whether
-- walking an order over every builder's rows is cheaper than reading the scope's.
CREATE TABLE list_rows (
    list TEXT NOT NULL,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    total INTEGER NOT NULL,
    PRIMARY KEY (list, builder_id)
) WITHOUT ROWID;

INSERT INTO list_rows (list, builder_id, total)
SELECT 'scheduled_visits', builder_id, COUNT(*) FROM scheduled_visits GROUP BY builder_id;
INSERT INTO list_rows (list, builder_id, total)
SELECT 'offers', builder_id, COUNT(*) FROM offers GROUP BY builder_id;
INSERT INTO list_rows (list, builder_id, total)
SELECT 'after_tour_hours', builder_id, COUNT(*) FROM after_tour_hours GROUP BY builder_id;

CREATE TRIGGER scheduled_visits_rows_insert AFTER INSERT ON scheduled_visits BEGIN
    INSERT INTO list_rows (list, builder_id, total) VALUES ('scheduled_visits', NEW.builder_id, 1)
    ON CONFLICT (list, builder_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER scheduled_visits_rows_delete AFTER DELETE ON scheduled_visits BEGIN
    UPDATE list_rows SET total = total - 1 WHERE list = 'scheduled_visits' AND builder_id = OLD.builder_id;
END;
CREATE TRIGGER scheduled_visits_rows_update AFTER UPDATE OF builder_id ON scheduled_visits BEGIN
    UPDATE list_rows SET total = total - 1 WHERE list = 'scheduled_visits' AND builder_id = OLD.builder_id;
    INSERT INTO list_rows (list, builder_id, total) VALUES ('scheduled_visits', NEW.builder_id, 1)
    ON CONFLICT (list, builder_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER offers_rows_insert AFTER INSERT ON offers BEGIN
    INSERT INTO list_rows (list, builder_id, total) VALUES ('offers', NEW.builder_id, 1)
    ON CONFLICT (list, builder_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER offers_rows_delete AFTER DELETE ON offers BEGIN
    UPDATE list_rows SET total = total - 1 WHERE list = 'offers' AND builder_id = OLD.builder_id;
END;
CREATE TRIGGER offers_rows_update AFTER UPDATE OF builder_id ON offers BEGIN
    UPDATE list_rows SET total = total - 1 WHERE list = 'offers' AND builder_id = OLD.builder_id;
    INSERT INTO list_rows (list, builder_id, total) VALUES ('offers', NEW.builder_id, 1)
    ON CONFLICT (list, builder_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER after_tour_hours_rows_insert AFTER INSERT ON after_tour_hours BEGIN
    INSERT INTO list_rows (list, builder_id, total) VALUES ('after_tour_hours', NEW.builder_id, 1)
    ON CONFLICT (list, builder_id) DO UPDATE SET total = total + 1;
END;
CREATE TRIGGER after_tour_hours_rows_delete AFTER DELETE ON after_tour_hours BEGIN
    UPDATE list_rows SET total = total - 1 WHERE list = 'after_tour_hours' AND builder_id = OLD.builder_id;
END;
CREATE TRIGGER after_tour_hours_rows_update AFTER UPDATE OF builder_id ON after_tour_hours BEGIN
    UPDATE list_rows SET total = total - 1 WHERE list = 'after_tour_hours' AND builder_id = OLD.builder_id;
    INSERT INTO list_rows (list, builder_id, total) VALUES ('after_tour_hours', NEW.builder_id, 1)
    ON CONFLICT (list, builder_id) DO UPDATE SET total = total + 1;
END;

-- An index for every sort of each list's own columns (the key, the rowid, ends each); the sorts
-- by a visitor's or community's name walk those tables' indexes of names through the joins.
CREATE INDEX scheduled_visits_first_name_order ON scheduled_visits (lower(first_name));
CREATE INDEX scheduled_visits_last_name_order ON scheduled_visits (lower(last_name));
CREATE INDEX scheduled_visits_email_order ON scheduled_visits (lower(email));
CREATE INDEX scheduled_visits_phone_order ON scheduled_visits (phone);
CREATE INDEX scheduled_visits_status_order ON scheduled_visits (status);
CREATE INDEX offers_property ON offers (property_id);
CREATE INDEX offers_floor_plan_order ON offers (lower(floor_plan));
CREATE INDEX offers_prequalified_order ON offers (prequalified);
CREATE INDEX offers_preferred_contact_order ON offers (preferred_contact);
CREATE INDEX offers_created_order ON offers (created_on);
CREATE INDEX after_tour_hours_property ON after_tour_hours (property_id);
CREATE INDEX after_tour_hours_tour_hours_order ON after_tour_hours (tour_hours);

-- The tours booked's searched text (names, email, phone, the home's number, joined by the unit
-- separator) and its trigram index, contentless, as the customers' (migration 0040).
ALTER TABLE scheduled_visits ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    first_name || char(31) || last_name || char(31) || coalesce(email, '') || char(31) ||
    coalesce(phone, '') || char(31) || property_id
) VIRTUAL;
CREATE VIRTUAL TABLE scheduled_visit_search USING fts5(
    search_text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO scheduled_visit_search (rowid, search_text) SELECT id, search_text FROM scheduled_visits;
CREATE TRIGGER scheduled_visit_search_insert AFTER INSERT ON scheduled_visits BEGIN
    INSERT INTO scheduled_visit_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
CREATE TRIGGER scheduled_visit_search_delete AFTER DELETE ON scheduled_visits BEGIN
    DELETE FROM scheduled_visit_search WHERE rowid = OLD.id;
END;
CREATE TRIGGER scheduled_visit_search_update AFTER UPDATE OF first_name, last_name, email, phone, property_id
ON scheduled_visits BEGIN
    DELETE FROM scheduled_visit_search WHERE rowid = OLD.id;
    INSERT INTO scheduled_visit_search (rowid, search_text) VALUES (NEW.id, NEW.search_text);
END;
