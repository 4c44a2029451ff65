-- A visit from the tour page keeps the access code made for it, so the lock's events can say
-- when the visitor came in (Accessed) and the page can show the code once the lock holds it.
ALTER TABLE customer_visits ADD COLUMN access_code_id BIGINT REFERENCES access_codes (id) ON DELETE SET NULL;
CREATE INDEX customer_visits_access_code ON customer_visits (access_code_id);
