-- The analytics data model. Every figure of SPEC.md sections 2 and 3 is computed from these tables.
-- Times are site-local clock times stored as TIMESTAMP without zone (the client sends local clock fields).

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE sites (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  name VARCHAR NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE employees (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL,
  first_name VARCHAR NOT NULL,
  last_name VARCHAR NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE
);

-- is_ils marks internet listing services (the ILS call performance page).
CREATE TABLE ad_sources (
  id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  is_ils BOOLEAN NOT NULL DEFAULT FALSE
);

-- Lead, Prospect, Applicant, Resident, Vendor, Other, Lost; sort_order follows SPEC.md section 9.
CREATE TABLE relationships (
  id INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  sort_order INTEGER NOT NULL
);

CREATE TABLE contacts (
  id BIGINT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  relationship_id INTEGER NOT NULL,
  ad_source_id INTEGER,
  first_contact_at TIMESTAMP NOT NULL
);

-- One row per call, text, email or walk-in.
--   comm_type: PHONE, SMS, EMAIL, WALKIN; direction: inbound, outbound.
--   caller_type (inbound calls): prospect, non_prospect, undetermined.
--   call_result (inbound calls): Answered, Left Message/Voicemail, Answering Service/Call Center,
--     Automated Assistant, Resident Automated Assistant, Hangup, Hangup - Short, Automated Assistant - Undetermined.
--   response_required: an inbound communication that waits for a reply (missed call, text, email);
--   responded_at / response_seconds: the first reply, NULL when never answered.
CREATE TABLE communications (
  id BIGINT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  contact_id BIGINT,
  relationship_id INTEGER NOT NULL,
  ad_source_id INTEGER,
  comm_type VARCHAR NOT NULL,
  direction VARCHAR NOT NULL,
  occurred_at TIMESTAMP NOT NULL,
  caller_type VARCHAR,
  call_result VARCHAR,
  is_missed BOOLEAN NOT NULL DEFAULT FALSE,
  duration_seconds INTEGER,
  is_first_communication BOOLEAN NOT NULL DEFAULT FALSE,
  response_required BOOLEAN NOT NULL DEFAULT FALSE,
  responded_at TIMESTAMP,
  response_seconds INTEGER
);

CREATE TABLE leases (
  id BIGINT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  contact_id BIGINT,
  ad_source_id INTEGER,
  leased_on DATE NOT NULL
);

-- Telephone performance analysis (TPA): a scored call, whether it was a qualified lead call,
-- whether it booked an appointment, and its score out of 100.
CREATE TABLE call_scores (
  id BIGINT PRIMARY KEY,
  communication_id BIGINT,
  account_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  scored_at TIMESTAMP NOT NULL,
  is_qualified BOOLEAN NOT NULL,
  is_appointment BOOLEAN NOT NULL,
  score INTEGER NOT NULL
);

-- Communications waiting for a reply; resolved_at NULL while open. Ages count from created_at
-- to the last data update.
CREATE TABLE action_items (
  id BIGINT PRIMARY KEY,
  account_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL,
  employee_id INTEGER,
  relationship_id INTEGER NOT NULL,
  comm_type VARCHAR NOT NULL,
  communication_id BIGINT,
  created_at TIMESTAMP NOT NULL,
  resolved_at TIMESTAMP
);

-- One row (id 1): when the data was last brought up to date (seed or import).
CREATE TABLE data_status (
  id INTEGER PRIMARY KEY,
  last_data_update TIMESTAMP NOT NULL
);
