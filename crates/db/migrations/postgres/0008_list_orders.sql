-- The lists' default order over many builders at once (an enterprise's All Builders): walking
-- these in order finds the first page without sorting every row in scope.
CREATE INDEX properties_modified ON properties (modified_on, property_id);
CREATE INDEX customer_visits_modified ON customer_visits (modified_on, customer_visit_id);
