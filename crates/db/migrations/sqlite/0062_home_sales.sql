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
       date(p.disposition_on, (SELECT c.offset_hours FROM zone_clocks c
            WHERE c.timezone = p.timezone AND c.starts_on <= p.disposition_on
            ORDER BY c.starts_on DESC LIMIT 1) || ' hours') AS sold_day,
       date(p.activated_on, (SELECT c.offset_hours FROM zone_clocks c
            WHERE c.timezone = p.timezone AND c.starts_on <= p.activated_on
            ORDER BY c.starts_on DESC LIMIT 1) || ' hours') AS activated_day,
       EXISTS (SELECT 1 FROM customer_visits v WHERE v.property_id = p.property_id
               AND v.visit_status_id = 156 AND v.visited_on <= p.disposition_on) AS toured,
       p.price_cents,
       (SELECT COUNT(*) FROM customer_visits v WHERE v.property_id = p.property_id
        AND v.visited_on <= p.disposition_on) AS visits_before_sale
FROM (SELECT q.property_id, q.builder_id, q.community_id, q.timezone, q.disposition_on, q.price_cents,
             COALESCE((SELECT MIN(h.created_on) FROM hub_activity_logs h
                       WHERE h.property_id = q.property_id AND h.action = 'activate'),
                      q.created_on) AS activated_on
      FROM properties q
      WHERE q.disposition_id IN (13, 14) AND q.disposition_on IS NOT NULL) p
WHERE p.timezone IN (SELECT timezone FROM zone_clocks);

CREATE TABLE home_sales (
    property_id INTEGER PRIMARY KEY REFERENCES properties (property_id) ON DELETE CASCADE,
    builder_id INTEGER NOT NULL,
    community_id INTEGER NOT NULL,
    sold_day TEXT NOT NULL,
    activated_day TEXT NOT NULL,
    toured BOOLEAN NOT NULL,
    price_cents INTEGER,
    visits_before_sale INTEGER NOT NULL
);
INSERT INTO home_sales SELECT * FROM home_sale_rows;
-- One builder's range of sale days is one stretch of the index, which holds what is read.
CREATE INDEX home_sales_builder_day ON home_sales
    (builder_id, sold_day, community_id, toured, price_cents, activated_day);

-- A home written anew as it is sold, moved, priced or unsold; deleted with the home.
CREATE TRIGGER home_sales_home_insert AFTER INSERT ON properties
    WHEN NEW.disposition_id IN (13, 14)
BEGIN
    INSERT INTO home_sales SELECT * FROM home_sale_rows WHERE property_id = NEW.property_id;
END;
CREATE TRIGGER home_sales_home_update
    AFTER UPDATE OF builder_id, community_id, disposition_id, disposition_on, timezone, price_cents ON properties
    WHEN NEW.builder_id <> OLD.builder_id OR NEW.community_id <> OLD.community_id
        OR NEW.disposition_id <> OLD.disposition_id OR NEW.disposition_on IS NOT OLD.disposition_on
        OR NEW.timezone <> OLD.timezone OR NEW.price_cents IS NOT OLD.price_cents
BEGIN
    DELETE FROM home_sales WHERE property_id = NEW.property_id;
    INSERT INTO home_sales SELECT * FROM home_sale_rows WHERE property_id = NEW.property_id;
END;

-- A sold home's visits and activations written again as they change (a home not sold has no
-- row to write).
CREATE TRIGGER home_sales_visit_insert AFTER INSERT ON customer_visits
BEGIN
    INSERT OR REPLACE INTO home_sales SELECT * FROM home_sale_rows WHERE property_id = NEW.property_id;
END;
CREATE TRIGGER home_sales_visit_delete AFTER DELETE ON customer_visits
BEGIN
    INSERT OR REPLACE INTO home_sales SELECT * FROM home_sale_rows WHERE property_id = OLD.property_id;
END;
CREATE TRIGGER home_sales_visit_update
    AFTER UPDATE OF property_id, visited_on, visit_status_id ON customer_visits
    WHEN NEW.property_id <> OLD.property_id OR NEW.visited_on <> OLD.visited_on
        OR NEW.visit_status_id IS NOT OLD.visit_status_id
BEGIN
    INSERT OR REPLACE INTO home_sales SELECT * FROM home_sale_rows
    WHERE property_id IN (OLD.property_id, NEW.property_id);
END;
CREATE TRIGGER home_sales_activation AFTER INSERT ON hub_activity_logs
    WHEN NEW.action = 'activate' AND NEW.property_id IS NOT NULL
BEGIN
    INSERT OR REPLACE INTO home_sales SELECT * FROM home_sale_rows WHERE property_id = NEW.property_id;
END;
