-- The offer's own searched text (its floor plan and its home's number, joined by the unit
-- separator) in one column, as PostgreSQL indexes it (db::offers).
ALTER TABLE offers ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    COALESCE(floor_plan, '') || char(31) || property_id
) VIRTUAL;
