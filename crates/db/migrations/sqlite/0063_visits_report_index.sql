-- Each home's visits by time with the visitor, status and platform, so the visit report reads a
-- page's (or an export's) visits from the index alone: a page of 25 communities over an
-- enterprise's year read about 17,000 rows of the table, one lookup each (40 to 60 ms against
-- 10). It replaces the index of each home's visits by time, which it serves as well, so a visit
-- written updates no more indexes than before.
DROP INDEX customer_visits_property;
CREATE INDEX customer_visits_property
    ON customer_visits (property_id, visited_on, customer_id, visit_status_id, platform);
