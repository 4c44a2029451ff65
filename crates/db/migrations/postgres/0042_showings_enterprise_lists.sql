-- The tours booked, offers and after-hours attempts of an enterprise's builders: rows per builder
-- kept by triggers, an order index for every sort, and the tours booked's searched text with its
-- trigram index, so a page of twenty builders' rows walks an order instead of reading and sorting
-- every row in scope (db::scheduled_visits, db::offers, db::after_tour_hours).

-- Rows per list and builder: a page counts its scope from these.
CREATE TABLE list_rows (
    list TEXT NOT NULL,
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    total BIGINT NOT NULL,
    PRIMARY KEY (list, builder_id)
);

INSERT INTO list_rows (list, builder_id, total)
SELECT 'scheduled_visits', builder_id, COUNT(*) FROM scheduled_visits GROUP BY builder_id;
INSERT INTO list_rows (list, builder_id, total)
SELECT 'offers', builder_id, COUNT(*) FROM offers GROUP BY builder_id;
INSERT INTO list_rows (list, builder_id, total)
SELECT 'after_tour_hours', builder_id, COUNT(*) FROM after_tour_hours GROUP BY builder_id;

-- Once per statement over its transition tables; the list is the table's name.
CREATE FUNCTION list_rows_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE list_rows r SET total = r.total - o.n
        FROM (SELECT builder_id, COUNT(*) AS n FROM old_rows GROUP BY 1) o
        WHERE r.list = TG_TABLE_NAME AND r.builder_id = o.builder_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO list_rows (list, builder_id, total)
        SELECT TG_TABLE_NAME, builder_id, COUNT(*) FROM new_rows GROUP BY 2
        ON CONFLICT (list, builder_id) DO UPDATE SET total = list_rows.total + EXCLUDED.total;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER scheduled_visits_rows_insert AFTER INSERT ON scheduled_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER scheduled_visits_rows_delete AFTER DELETE ON scheduled_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER scheduled_visits_rows_update AFTER UPDATE ON scheduled_visits
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER offers_rows_insert AFTER INSERT ON offers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER offers_rows_delete AFTER DELETE ON offers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER offers_rows_update AFTER UPDATE ON offers
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER after_tour_hours_rows_insert AFTER INSERT ON after_tour_hours
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER after_tour_hours_rows_delete AFTER DELETE ON after_tour_hours
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();
CREATE TRIGGER after_tour_hours_rows_update AFTER UPDATE ON after_tour_hours
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_rows_follow();

-- An index for every sort of each list's own columns; the key ends each, as the tie breaker.
CREATE INDEX scheduled_visits_first_name_order ON scheduled_visits (lower(first_name), id);
CREATE INDEX scheduled_visits_last_name_order ON scheduled_visits (lower(last_name), id);
CREATE INDEX scheduled_visits_email_order ON scheduled_visits (lower(email), id);
CREATE INDEX scheduled_visits_phone_order ON scheduled_visits (phone, id);
CREATE INDEX scheduled_visits_status_order ON scheduled_visits (status, id);
DROP INDEX scheduled_visits_date;
CREATE INDEX scheduled_visits_date_order ON scheduled_visits (visit_date, id);
DROP INDEX scheduled_visits_property;
CREATE INDEX scheduled_visits_property ON scheduled_visits (property_id, id);
CREATE INDEX offers_property ON offers (property_id, id);
DROP INDEX offers_customer;
CREATE INDEX offers_customer ON offers (customer_id, id);
CREATE INDEX offers_floor_plan_order ON offers (lower(floor_plan), id);
CREATE INDEX offers_prequalified_order ON offers (prequalified, id);
DROP INDEX offers_move_in;
CREATE INDEX offers_move_in ON offers (move_in, id);
CREATE INDEX offers_preferred_contact_order ON offers (preferred_contact, id);
CREATE INDEX offers_created_order ON offers (created_on, id);
CREATE INDEX after_tour_hours_property ON after_tour_hours (property_id, id);
CREATE INDEX after_tour_hours_tour_hours_order ON after_tour_hours (tour_hours, id);
DROP INDEX after_tour_hours_modified;
CREATE INDEX after_tour_hours_modified ON after_tour_hours (modified_on, id);

-- The tours booked's searched text (names, email, phone, the home's number, joined by the unit
-- separator), lowered, and its trigram index, as the customers' (migration 0040).
ALTER TABLE scheduled_visits ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(
    first_name || chr(31) || last_name || chr(31) || coalesce(email, '') || chr(31) ||
    coalesce(phone, '') || chr(31) || property_id::text
)) STORED;
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX scheduled_visits_search ON scheduled_visits USING gin (search_text gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: a search of tours booked reads every one in scope';
END;
$$;
