-- Billing (spec 3: Billing page, Invoice page; issue 21). Each builder's billing account (its
-- plan: a price per home or per device, and whom its invoices are addressed to), the monthly
-- invoices issued from it with their line items, and the payments and credits a platform admin
-- records. Money is in cents. An invoice keeps its plan and address as they were when issued.
CREATE TABLE billing_accounts (
    builder_id INTEGER PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    -- home | device
    plan_unit TEXT NOT NULL,
    plan_unit_price INTEGER NOT NULL,
    invoice_name TEXT NOT NULL,
    description TEXT NOT NULL,
    net_term_days INTEGER NOT NULL,
    company TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    line1 TEXT NOT NULL,
    city TEXT NOT NULL,
    state_code TEXT NOT NULL,
    zip TEXT NOT NULL,
    modified_on TEXT NOT NULL
);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    doc_number TEXT NOT NULL,
    period_start TEXT NOT NULL,
    period_end TEXT NOT NULL,
    invoice_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    net_term_days INTEGER NOT NULL,
    plan_unit TEXT NOT NULL,
    plan_unit_price INTEGER NOT NULL,
    plan_amount INTEGER NOT NULL,
    invoice_name TEXT NOT NULL,
    description TEXT NOT NULL,
    total INTEGER NOT NULL,
    credits_applied INTEGER NOT NULL DEFAULT 0,
    amount_paid INTEGER NOT NULL DEFAULT 0,
    -- paid | not_paid
    status TEXT NOT NULL,
    company TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    line1 TEXT NOT NULL,
    city TEXT NOT NULL,
    state_code TEXT NOT NULL,
    zip TEXT NOT NULL,
    created_on TEXT NOT NULL,
    UNIQUE (builder_id, period_start)
);
CREATE INDEX invoices_builder_date ON invoices (builder_id, invoice_date);

CREATE TABLE invoice_line_items (
    id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    item_name TEXT NOT NULL,
    description TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    unit_price INTEGER NOT NULL,
    amount INTEGER NOT NULL
);
CREATE INDEX invoice_line_items_invoice ON invoice_line_items (invoice_id, position);

CREATE TABLE invoice_payments (
    id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
    -- payment | credit
    kind TEXT NOT NULL,
    amount INTEGER NOT NULL,
    note TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    recorded_on TEXT NOT NULL
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id, id);
