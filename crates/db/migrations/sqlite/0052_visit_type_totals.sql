-- Visits per builder and visitor type, kept by triggers in step with customer_visits: the visits
-- list counts its scope from a row per builder and type rather than from every day of
-- visit_days (an enterprise's twenty builders have over 30,000 such days).

CREATE TABLE visit_type_totals (
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    visitor_type_id INTEGER NOT NULL,
    visits INTEGER NOT NULL,
    PRIMARY KEY (builder_id, visitor_type_id)
);

INSERT INTO visit_type_totals (builder_id, visitor_type_id, visits)
SELECT builder_id, visitor_type_id, COUNT(*) FROM customer_visits GROUP BY builder_id, visitor_type_id;

CREATE TRIGGER visit_type_totals_insert AFTER INSERT ON customer_visits BEGIN
    INSERT INTO visit_type_totals (builder_id, visitor_type_id, visits)
    VALUES (NEW.builder_id, NEW.visitor_type_id, 1)
    ON CONFLICT (builder_id, visitor_type_id) DO UPDATE SET visits = visits + 1;
END;

CREATE TRIGGER visit_type_totals_delete AFTER DELETE ON customer_visits BEGIN
    UPDATE visit_type_totals SET visits = visits - 1
    WHERE builder_id = OLD.builder_id AND visitor_type_id = OLD.visitor_type_id;
END;

CREATE TRIGGER visit_type_totals_update AFTER UPDATE OF builder_id, visitor_type_id ON customer_visits BEGIN
    UPDATE visit_type_totals SET visits = visits - 1
    WHERE builder_id = OLD.builder_id AND visitor_type_id = OLD.visitor_type_id;
    INSERT INTO visit_type_totals (builder_id, visitor_type_id, visits)
    VALUES (NEW.builder_id, NEW.visitor_type_id, 1)
    ON CONFLICT (builder_id, visitor_type_id) DO UPDATE SET visits = visits + 1;
END;
