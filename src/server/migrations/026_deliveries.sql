-- Digests and alerts (docs/operations.md, 'Digests and alerts'): what each user subscribed to, every
-- occurrence claimed and delivered once, and each alert's state per entity.
-- Times are UTC clock fields in TIMESTAMP columns.

CREATE SEQUENCE subscriptions_id_seq START 1;

CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY DEFAULT nextval('subscriptions_id_seq'),
  user_id INTEGER NOT NULL,
  -- 'digest' (a digest definition's id in target_id) or 'alert' (an alert rule's id).
  kind VARCHAR NOT NULL,
  target_id VARCHAR NOT NULL,
  -- Digests: 'daily', 'weekly' (on weekday 1 = Monday .. 7 = Sunday) or 'monthly' (on monthday
  -- 1-28), at hour 0-23 of the user's time zone. NULL for alerts.
  frequency VARCHAR,
  hour INTEGER,
  weekday INTEGER,
  monthday INTEGER,
  -- Alerts: the user's thresholds, a JSON object of numbers by the rule's threshold keys.
  thresholds VARCHAR,
  -- 'HH:MM' in the user's time zone, or NULL: no message leaves between them.
  quiet_start VARCHAR,
  quiet_end VARCHAR,
  -- 'email' (the user's address) or 'webhook' (a POST to webhook_url, signed with webhook_secret).
  channel VARCHAR NOT NULL,
  webhook_url VARCHAR,
  webhook_secret VARCHAR,
  paused BOOLEAN NOT NULL DEFAULT FALSE,
  -- Occurrences scheduled before this are never sent: set at creation, and again when the schedule
  -- changes or the subscription is resumed (no catch-up of what was never wanted).
  starts_at TIMESTAMP NOT NULL,
  created_at TIMESTAMP NOT NULL,
  updated_at TIMESTAMP NOT NULL
);

-- only: postgres
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);

CREATE SEQUENCE delivery_occurrences_id_seq START 1;

-- One row per occurrence of a subscription: a digest's scheduled run, an alert's evaluation (on its
-- schedule or for a data version), or a test send. The unique key is the claim: whoever inserts the
-- row (or takes over a stale claim, claim_token compared and set) sends it, and nobody else.
CREATE TABLE delivery_occurrences (
  id BIGINT PRIMARY KEY DEFAULT nextval('delivery_occurrences_id_seq'),
  subscription_id INTEGER NOT NULL,
  -- 'digest:<instant>', 'eval:<instant>', 'data:<data version>' or 'test:<instant>'.
  occurrence_key VARCHAR NOT NULL,
  -- The instant the occurrence stands for (a digest's period is computed from it).
  scheduled_at TIMESTAMP NOT NULL,
  -- 'claimed' (being sent, or its sender died: retried once claimed_at is stale), 'sent',
  -- 'skipped' (reason says why) or 'failed' (reason; retried until attempts run out).
  status VARCHAR NOT NULL,
  claimed_at TIMESTAMP,
  claimed_by VARCHAR,
  claim_token VARCHAR,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Derived from (subscription, occurrence): a retry is the same message.
  message_id VARCHAR,
  -- An alert evaluation's notifications (JSON), kept with the state change so a retry sends them.
  payload VARCHAR,
  reason VARCHAR,
  -- Where it went: the address, or the webhook's host.
  recipient VARCHAR,
  sent_at TIMESTAMP,
  UNIQUE (subscription_id, occurrence_key)
);

-- The state of an alert subscription per entity (a site, an employee).
CREATE TABLE alert_states (
  subscription_id INTEGER NOT NULL,
  entity_kind VARCHAR NOT NULL,
  entity_id INTEGER NOT NULL,
  entity_name VARCHAR,
  -- 'ok', 'pending' (breached, held for the rule's count of evaluations), 'firing' or 'resolved'.
  state VARCHAR NOT NULL,
  since TIMESTAMP NOT NULL,
  held_count INTEGER NOT NULL DEFAULT 0,
  -- The data version the held count last counted: evaluations of the same data count once.
  counted_version VARCHAR,
  -- The state the user was last told of ('firing', 'resolved'), and when.
  notified_state VARCHAR,
  last_notified_at TIMESTAMP,
  last_value DOUBLE PRECISION,
  PRIMARY KEY (subscription_id, entity_kind, entity_id)
);
