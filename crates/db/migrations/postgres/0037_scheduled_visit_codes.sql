-- A tour booked on the tour page keeps the code preloaded for its window, so it can be removed
-- when the visitor cancels, and so the door opening with it completes the booking.
ALTER TABLE scheduled_visits ADD COLUMN access_code_id BIGINT REFERENCES access_codes (id) ON DELETE SET NULL;
CREATE INDEX scheduled_visits_access_code ON scheduled_visits (access_code_id);
