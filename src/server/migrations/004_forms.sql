-- Share Feedback and Request Support submissions (SPEC.md section 7, Feedback and support).
-- A row is committed before the request is answered 200; the emailed copy to the support inbox
-- follows, and its outcome is noted on the row so an undelivered copy can be found and resent.
-- Times are UTC clock fields in TIMESTAMP columns.

CREATE SEQUENCE form_submissions_id_seq START 1;

CREATE TABLE form_submissions (
  id INTEGER PRIMARY KEY DEFAULT nextval('form_submissions_id_seq'),
  -- 'feedback' (POST /post-feedback) or 'support' (POST /post-support).
  kind VARCHAR NOT NULL,
  user_id INTEGER NOT NULL,
  username VARCHAR NOT NULL,
  -- Username of the all-account user acting as user_id, when the form was sent while impersonating.
  impersonator VARCHAR,
  -- The request body as received (JSON text), after validation.
  payload VARCHAR NOT NULL,
  received_at TIMESTAMP NOT NULL,
  -- Set when the copy reached SMTP or the outbox; mail_error holds the last failure otherwise.
  mailed_at TIMESTAMP,
  mail_error VARCHAR
);

-- only: postgres
CREATE INDEX form_submissions_received_idx ON form_submissions (received_at);
