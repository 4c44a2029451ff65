-- Builder settings: branding, tour-page texts, disclosures, follow-up messages; survey questions.

ALTER TABLE builders ADD COLUMN surveys_seeded BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE builder_settings (
    builder_id INTEGER PRIMARY KEY REFERENCES builders (builder_id) ON DELETE CASCADE,
    legal_name TEXT,
    marketing_name TEXT,
    country TEXT NOT NULL DEFAULT 'USA',
    primary_color TEXT NOT NULL DEFAULT '#DB5C0E',
    secondary_color TEXT NOT NULL DEFAULT '#FFFFFF',
    button_settings TEXT,
    selfie_verification_active BOOLEAN NOT NULL DEFAULT FALSE,
    default_install_property_status TEXT NOT NULL DEFAULT 'PROPERTY_AVAILABLE',
    logo_key TEXT,
    content_settings TEXT,
    custom_disclosure_active BOOLEAN NOT NULL DEFAULT FALSE,
    custom_disclosure_name TEXT,
    custom_disclosure_text TEXT,
    during_tour_message TEXT,
    after_tour_message TEXT,
    scheduled_tour_message TEXT,
    during_tour_message_interval TEXT,
    after_tour_message_interval TEXT,
    modified_on TEXT NOT NULL
);

CREATE TABLE survey_questions (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    survey TEXT NOT NULL,
    position INTEGER NOT NULL,
    text TEXT NOT NULL,
    type INTEGER NOT NULL,
    choices TEXT NOT NULL
);
CREATE INDEX survey_questions_builder ON survey_questions (builder_id, survey, position);
