-- Visits per builder, UTC day and visitor type, kept by triggers in step with customer_visits, so
-- the dashboard's counts and charts read a few hundred rows instead of every visit.

CREATE TABLE visit_days (
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    visitor_type_id INTEGER NOT NULL,
    visits INTEGER NOT NULL,
    PRIMARY KEY (builder_id, day, visitor_type_id)
);

INSERT INTO visit_days (builder_id, day, visitor_type_id, visits)
SELECT builder_id, substr(visited_on, 1, 10), visitor_type_id, COUNT(*)
FROM customer_visits GROUP BY builder_id, substr(visited_on, 1, 10), visitor_type_id;

CREATE TRIGGER visit_days_insert AFTER INSERT ON customer_visits BEGIN
    INSERT INTO visit_days (builder_id, day, visitor_type_id, visits)
    VALUES (NEW.builder_id, substr(NEW.visited_on, 1, 10), NEW.visitor_type_id, 1)
    ON CONFLICT (builder_id, day, visitor_type_id) DO UPDATE SET visits = visits + 1;
END;

CREATE TRIGGER visit_days_delete AFTER DELETE ON customer_visits BEGIN
    UPDATE visit_days SET visits = visits - 1
    WHERE builder_id = OLD.builder_id AND day = substr(OLD.visited_on, 1, 10) AND visitor_type_id = OLD.visitor_type_id;
END;

CREATE TRIGGER visit_days_update AFTER UPDATE OF builder_id, visited_on, visitor_type_id ON customer_visits BEGIN
    UPDATE visit_days SET visits = visits - 1
    WHERE builder_id = OLD.builder_id AND day = substr(OLD.visited_on, 1, 10) AND visitor_type_id = OLD.visitor_type_id;
    INSERT INTO visit_days (builder_id, day, visitor_type_id, visits)
    VALUES (NEW.builder_id, substr(NEW.visited_on, 1, 10), NEW.visitor_type_id, 1)
    ON CONFLICT (builder_id, day, visitor_type_id) DO UPDATE SET visits = visits + 1;
END;
