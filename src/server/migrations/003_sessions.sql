-- Sessions (refresh tokens), impersonation codes and their audit trail, password reset tokens.
-- Every secret is stored as its sha256 hex digest: a leaked table grants nothing.
-- Times are UTC clock fields in TIMESTAMP columns.

CREATE SEQUENCE refresh_tokens_id_seq START 1;

-- One row per refresh token ever issued. Rotation marks the old row used and adds a new row to
-- the same family; presenting a used token again revokes the whole family (theft detection).
CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY DEFAULT nextval('refresh_tokens_id_seq'),
  token_hash VARCHAR NOT NULL UNIQUE,
  family_id VARCHAR NOT NULL,
  user_id INTEGER NOT NULL,
  -- Username of the all-account user acting as user_id, carried over on rotation.
  impersonator VARCHAR,
  issued_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used_at TIMESTAMP,
  revoked_at TIMESTAMP
);

-- only: postgres
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE SEQUENCE impersonation_codes_id_seq START 1;

-- Single-use, short-lived codes handed out by `npm run users -- impersonation-code <username>`.
CREATE TABLE impersonation_codes (
  id INTEGER PRIMARY KEY DEFAULT nextval('impersonation_codes_id_seq'),
  code_hash VARCHAR NOT NULL UNIQUE,
  target_user_id INTEGER NOT NULL,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used_at TIMESTAMP,
  used_by_user_id INTEGER
);

CREATE SEQUENCE impersonation_audit_id_seq START 1;

-- Who impersonated whom, and when: written in the same transaction that spends the code.
CREATE TABLE impersonation_audit (
  id INTEGER PRIMARY KEY DEFAULT nextval('impersonation_audit_id_seq'),
  impersonator_user_id INTEGER NOT NULL,
  impersonator_username VARCHAR NOT NULL,
  target_user_id INTEGER NOT NULL,
  target_username VARCHAR NOT NULL,
  client_address VARCHAR,
  started_at TIMESTAMP NOT NULL
);

CREATE SEQUENCE password_reset_tokens_id_seq START 1;

-- Single-use reset links sent by POST /forgotpassword.
CREATE TABLE password_reset_tokens (
  id INTEGER PRIMARY KEY DEFAULT nextval('password_reset_tokens_id_seq'),
  token_hash VARCHAR NOT NULL UNIQUE,
  user_id INTEGER NOT NULL,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used_at TIMESTAMP
);
