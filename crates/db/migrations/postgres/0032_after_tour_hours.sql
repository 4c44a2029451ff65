-- After tour hours (spec 2 §2): a visitor's attempt to tour a home outside its tour hours, with the
-- window that applied then, so staff can follow up.
CREATE TABLE after_tour_hours (
    id BIGSERIAL PRIMARY KEY,
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    property_id BIGINT NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    customer_id BIGINT REFERENCES customers (customer_id) ON DELETE SET NULL,
    tour_hours TEXT NOT NULL,
    created_on TIMESTAMPTZ NOT NULL,
    modified_on TIMESTAMPTZ NOT NULL
);
CREATE INDEX after_tour_hours_builder_modified ON after_tour_hours (builder_id, modified_on);
CREATE INDEX after_tour_hours_modified ON after_tour_hours (modified_on);
