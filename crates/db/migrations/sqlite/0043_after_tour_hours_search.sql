-- The after-hours attempt's own searched text (the home's number and the tour hours, joined by the
-- unit separator) in one column, as PostgreSQL indexes it (db::after_tour_hours).
ALTER TABLE after_tour_hours ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    property_id || char(31) || tour_hours
) VIRTUAL;
