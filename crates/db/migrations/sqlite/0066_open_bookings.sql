-- The bookings still open (status created) by time, with their home: the visit report's missed
-- tours are those whose time has passed, read from here. Through each home's bookings an
-- enterprise's year read all 200,000 bookings of its 50,000 homes (0.2 s on SQLite), where a
-- missed booking is the exception.
CREATE INDEX scheduled_visits_open ON scheduled_visits (visit_date, property_id)
    WHERE status = 'created';
