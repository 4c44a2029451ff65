-- A verified visitor account (spec 2 Share, "Create Verified account"): a sign-in for the
-- builder's tour pages that skips identity verification. The username is the visitor's email,
-- unique within the builder; the password is kept only hashed (argon2id).
CREATE TABLE visitor_accounts (
    customer_id BIGINT PRIMARY KEY REFERENCES customers (customer_id) ON DELETE CASCADE,
    builder_id BIGINT NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    username TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_on TIMESTAMPTZ NOT NULL,
    modified_on TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX visitor_accounts_username ON visitor_accounts (builder_id, username);
CREATE INDEX customers_builder_email ON customers (builder_id, lower(email_1));
