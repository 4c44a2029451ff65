-- A visitor's selfie, taken on the tour page when the builder asks for one: the key of the
-- picture in the private file store (never served to the public) and when it was taken.
ALTER TABLE customers ADD COLUMN selfie_key TEXT;
ALTER TABLE customers ADD COLUMN selfie_on TEXT;
