-- Offers (spec 2 §3): a visitor's "Ready to Buy" or "Ready to Rent" after a tour: the floor plan
-- they want, whether they are prequalified, when they would move in, comments, and how they
-- prefer to be contacted (email, or any other value meaning phone).
CREATE TABLE offers (
    id BIGSERIAL PRIMARY KEY,
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    property_id BIGINT NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
    floor_plan TEXT,
    prequalified BOOLEAN NOT NULL DEFAULT FALSE,
    move_in DATE,
    comments TEXT,
    preferred_contact TEXT NOT NULL,
    created_on TIMESTAMPTZ NOT NULL
);
CREATE INDEX offers_builder_move_in ON offers (builder_id, move_in);
CREATE INDEX offers_move_in ON offers (move_in);
CREATE INDEX offers_customer ON offers (customer_id);
