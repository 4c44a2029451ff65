-- The end of a visitor's tour and what follows it: when the tour ended (the door locked after
-- the entry, or the code's window over), the hash of the key its After Tour link carries, when
-- the visitor sent feedback, and the offer a tour led to.
ALTER TABLE customer_visits ADD COLUMN tour_ended_on TEXT;
ALTER TABLE customer_visits ADD COLUMN after_key_hash TEXT;
ALTER TABLE customer_visits ADD COLUMN feedback_on TEXT;
ALTER TABLE offers ADD COLUMN customer_visit_id INTEGER REFERENCES customer_visits (customer_visit_id) ON DELETE SET NULL;
CREATE UNIQUE INDEX offers_visit ON offers (customer_visit_id);
