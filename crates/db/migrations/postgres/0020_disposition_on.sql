-- When each home took its disposition, so "sold in the last 30 days" counts the homes sold then
-- and not every sold home edited since. Until now only the last change of any kind was kept.
ALTER TABLE properties ADD COLUMN disposition_on TIMESTAMPTZ;
UPDATE properties SET disposition_on = modified_on;
