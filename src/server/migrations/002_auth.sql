-- Sign-in, sessions, impersonation and password resets.

CREATE SEQUENCE users_id_seq START 1;

CREATE TABLE users (
  id INTEGER PRIMARY KEY DEFAULT nextval('users_id_seq'),
  username VARCHAR NOT NULL UNIQUE,
  password_hash VARCHAR NOT NULL,
  first_name VARCHAR NOT NULL,
  last_name VARCHAR NOT NULL,
  email VARCHAR NOT NULL,
  -- FALSE: the password is right but the user may not use the product (login answers 403).
  has_permission BOOLEAN NOT NULL DEFAULT TRUE,
  all_account_access BOOLEAN NOT NULL DEFAULT FALSE,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  created_at TIMESTAMP NOT NULL
);

-- Accounts a user without all-account access may see.
CREATE TABLE user_accounts (
  user_id INTEGER NOT NULL,
  account_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, account_id)
);

-- Extra claims, e.g. HawkEyeDashboardILS = Read.
CREATE TABLE user_claims (
  user_id INTEGER NOT NULL,
  claim_type VARCHAR NOT NULL,
  claim_value VARCHAR NOT NULL,
  PRIMARY KEY (user_id, claim_type, claim_value)
);
