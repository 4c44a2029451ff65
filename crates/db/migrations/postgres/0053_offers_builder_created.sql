-- Offers by builder and the instant they were made, for the insights' range of one builder.
CREATE INDEX offers_builder_created ON offers (builder_id, created_on);
