-- Time zones (IANA names such as America/Chicago): digests count 'Yesterday' and 'Prior Week' in their
-- recipient's zone, and schedules run at an hour of it. An account has a zone; a site has its own or,
-- when NULL, its account's; a user has their own or, when NULL, the zone most of the sites they may see
-- are in (src/server/deliveries/recipient.ts). The stored times stay site-local clock times.
ALTER TABLE accounts ADD COLUMN time_zone VARCHAR DEFAULT 'America/Chicago';

ALTER TABLE sites ADD COLUMN time_zone VARCHAR;

ALTER TABLE users ADD COLUMN time_zone VARCHAR;

UPDATE accounts SET time_zone = 'America/Chicago' WHERE time_zone IS NULL;
