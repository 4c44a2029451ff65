-- Each home's tours by time with their visitor, for the property tour report: its figures read
-- from this index alone instead of every visit of the home from the table (Export All of an
-- enterprise's year 15,724 -> 37,673 rows/s).
CREATE INDEX customer_visits_home_tours ON customer_visits (property_id, visit_status_id, visited_on) INCLUDE (customer_id);
