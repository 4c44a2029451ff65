-- The homes sold or rented, each with the day of its sale and of its activation on its clock,
-- whether a tour came before the sale and how many visits (docs/insights.md, "Tallies"), kept by
-- triggers, so the insights, the profit center and the market report read an enterprise's year
-- of sales from an index where they probed each sold home's visits.

-- Each home's activations, so its first is read from its own (without it, a database with no
-- statistics yet read every activation by the index of the entries' actions).
CREATE INDEX hub_activity_logs_activations ON hub_activity_logs (property_id, created_on)
    WHERE action = 'activate';

-- A sold (13) or rented (14) home's sale as it stands. Activation is the home's first `activate`
-- entry in the hardware history, or the day it was added without one.
CREATE VIEW home_sale_rows AS
SELECT p.property_id, p.builder_id, p.community_id,
       home_clock(p.timezone, p.disposition_on)::date AS sold_day,
       home_clock(p.timezone, a.activated_on)::date AS activated_day,
       EXISTS (SELECT 1 FROM customer_visits v WHERE v.property_id = p.property_id
               AND v.visit_status_id = 156 AND v.visited_on <= p.disposition_on) AS toured,
       p.price_cents,
       (SELECT COUNT(*) FROM customer_visits v WHERE v.property_id = p.property_id
        AND v.visited_on <= p.disposition_on) AS visits_before_sale
FROM properties p
CROSS JOIN LATERAL (SELECT COALESCE(MIN(h.created_on), p.created_on) AS activated_on
                    FROM hub_activity_logs h
                    WHERE h.property_id = p.property_id AND h.action = 'activate') a
WHERE p.disposition_id IN (13, 14) AND p.disposition_on IS NOT NULL
  AND p.timezone IN (SELECT timezone FROM zone_clocks);

CREATE TABLE home_sales (
    property_id BIGINT PRIMARY KEY REFERENCES properties (property_id) ON DELETE CASCADE,
    builder_id BIGINT NOT NULL,
    community_id BIGINT NOT NULL,
    sold_day DATE NOT NULL,
    activated_day DATE NOT NULL,
    toured BOOLEAN NOT NULL,
    price_cents BIGINT,
    visits_before_sale BIGINT NOT NULL
);
INSERT INTO home_sales SELECT * FROM home_sale_rows;
-- One builder's range of sale days is one stretch of the index, which holds what is read.
CREATE INDEX home_sales_builder_day ON home_sales (builder_id, sold_day)
    INCLUDE (community_id, toured, price_cents, activated_day);

-- Writes the given homes' sales again (sorted keys, so two writers wait rather than deadlock):
-- a row is rewritten only when it changed (most visits come after the sale), and a home no
-- longer sold loses its row.
CREATE FUNCTION home_sales_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(ids) = 0 THEN
        RETURN;
    END IF;
    WITH fresh AS (SELECT * FROM home_sale_rows WHERE property_id = ANY (ids)),
    gone AS (DELETE FROM home_sales s WHERE s.property_id = ANY (ids)
             AND s.property_id NOT IN (SELECT property_id FROM fresh))
    INSERT INTO home_sales SELECT * FROM fresh
    ON CONFLICT (property_id) DO UPDATE SET builder_id = excluded.builder_id,
        community_id = excluded.community_id, sold_day = excluded.sold_day,
        activated_day = excluded.activated_day, toured = excluded.toured,
        price_cents = excluded.price_cents, visits_before_sale = excluded.visits_before_sale
    WHERE (home_sales.builder_id, home_sales.community_id, home_sales.sold_day,
           home_sales.activated_day, home_sales.toured, home_sales.price_cents,
           home_sales.visits_before_sale)
        IS DISTINCT FROM (excluded.builder_id, excluded.community_id, excluded.sold_day,
           excluded.activated_day, excluded.toured, excluded.price_cents,
           excluded.visits_before_sale);
END;
$$;

-- The homes a statement touched whose sale may have changed: homes inserted sold; sold homes
-- whose visits or activations changed. (A home's own changes are written by its row trigger.)
CREATE FUNCTION home_sales_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'properties' AND TG_OP = 'INSERT' THEN
        PERFORM home_sales_write(ARRAY(SELECT property_id FROM new_rows
                                       WHERE disposition_id IN (13, 14) ORDER BY 1));
    ELSIF TG_TABLE_NAME = 'properties' THEN
        PERFORM home_sales_write(ARRAY[NEW.property_id]);
    ELSIF TG_TABLE_NAME = 'hub_activity_logs' THEN
        PERFORM home_sales_write(ARRAY(SELECT DISTINCT r.property_id FROM new_rows r
            JOIN home_sales s ON s.property_id = r.property_id
            WHERE r.action = 'activate' ORDER BY 1));
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM home_sales_write(ARRAY(SELECT DISTINCT r.property_id FROM new_rows r
            JOIN home_sales s ON s.property_id = r.property_id ORDER BY 1));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM home_sales_write(ARRAY(SELECT DISTINCT r.property_id FROM old_rows r
            JOIN home_sales s ON s.property_id = r.property_id ORDER BY 1));
    ELSE
        PERFORM home_sales_write(ARRAY(SELECT DISTINCT r.property_id
            FROM (SELECT property_id FROM new_rows UNION ALL SELECT property_id FROM old_rows) r
            JOIN home_sales s ON s.property_id = r.property_id ORDER BY 1));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER home_sales_home_insert AFTER INSERT ON properties
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_sales_follow();
CREATE TRIGGER home_sales_home_update
    AFTER UPDATE OF builder_id, community_id, disposition_id, disposition_on, timezone, price_cents ON properties
    FOR EACH ROW WHEN ((NEW.builder_id, NEW.community_id, NEW.disposition_id, NEW.disposition_on,
                        NEW.timezone, NEW.price_cents)
        IS DISTINCT FROM (OLD.builder_id, OLD.community_id, OLD.disposition_id, OLD.disposition_on,
                          OLD.timezone, OLD.price_cents))
    EXECUTE FUNCTION home_sales_follow();
CREATE TRIGGER home_sales_visits_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_sales_follow();
CREATE TRIGGER home_sales_visits_update AFTER UPDATE ON customer_visits
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION home_sales_follow();
CREATE TRIGGER home_sales_visits_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_sales_follow();
CREATE TRIGGER home_sales_activations AFTER INSERT ON hub_activity_logs
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_sales_follow();

ANALYZE home_sales;
