-- The properties list's sort orders over every builder at once (an enterprise's All Builders),
-- and over one builder when its homes are many of the database's: walking one of these finds a
-- page without sorting every home in scope (50,000 homes took 15 to 55 ms to sort). Sorting by
-- community, disposition or builder walks those by name and reads each one's homes, in key
-- order where an index gives it.
CREATE INDEX properties_house_num_order ON properties (lower(house_num), property_id);
CREATE INDEX properties_address_order ON properties (lower(address_1), property_id);
CREATE INDEX properties_subdivision_order ON properties (lower(subdivision), property_id);
CREATE INDEX properties_city_order ON properties (lower(city), property_id);
CREATE INDEX properties_state_order ON properties (lower(state), property_id);
CREATE INDEX properties_zipcode_order ON properties (zipcode, property_id);
CREATE INDEX properties_price_order ON properties (price_cents, property_id);
CREATE INDEX properties_bedrooms_order ON properties (bedrooms, property_id);
CREATE INDEX properties_disposition_order ON properties (disposition_id, property_id);
CREATE INDEX properties_builder_order ON properties (builder_id, property_id);
CREATE INDEX communities_name_order ON communities (lower(name), id);
CREATE INDEX catalog_name_order ON catalog (lower(name), catalog_id);
CREATE INDEX builders_name_order ON builders (lower(name), builder_id);
