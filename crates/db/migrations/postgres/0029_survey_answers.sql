-- A visitor's answers to the builder's pre-tour and post-tour surveys (the customer detail's
-- Survey tab). The question is kept as it was asked: a builder may reword or drop it later.
CREATE TABLE survey_answers (
    id BIGSERIAL PRIMARY KEY,
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    customer_id BIGINT NOT NULL REFERENCES customers (customer_id) ON DELETE CASCADE,
    customer_visit_id BIGINT REFERENCES customer_visits (customer_visit_id) ON DELETE CASCADE,
    survey TEXT NOT NULL,
    position BIGINT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    answered_on TIMESTAMPTZ NOT NULL
);
CREATE INDEX survey_answers_customer ON survey_answers (customer_id, answered_on);
CREATE INDEX survey_answers_visit ON survey_answers (customer_visit_id);
