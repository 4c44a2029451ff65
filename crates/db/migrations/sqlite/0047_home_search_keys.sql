-- Nothing on SQLite: a search through the homes finds them in their trigram index
-- (`property_search`); PostgreSQL gains indexes of the address and of the communities' homes.
SELECT 1;
