-- The platform a visit came through (the visitor's app or the web), a field of the spec's visit
-- rows that the showings area lists.
ALTER TABLE customer_visits ADD COLUMN platform TEXT;
