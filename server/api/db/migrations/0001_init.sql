-- The whole domain in one organization-scoped schema. Every table that holds an organization's data carries
-- org_id so that every repository query can (and must) filter by it.

CREATE TABLE organizations (
  id serial PRIMARY KEY,
  guid uuid NOT NULL UNIQUE,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Monotonic data version per organization: bumped by every write transaction, it keys the read caches.
CREATE TABLE org_versions (
  org_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1
);

CREATE TABLE applications (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  client_id text NOT NULL UNIQUE,
  -- sha-256 of the secret: secrets are 256-bit random values, so a fast hash is not brute-forceable
  secret_hash text NOT NULL,
  name text NOT NULL,
  redirect_uris jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email text NOT NULL,
  -- scrypt$N$r$p$salt$hash
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (org_id, email)
);

CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE authorization_codes (
  code_hash text PRIMARY KEY,
  application_id integer NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE idempotency_keys (
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, key)
);

-- Reference lists shared by all organizations (ids are part of the public contract: eventTypeId, groupType.id).
CREATE TABLE group_types (
  id integer PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE event_types (
  id integer PRIMARY KEY,
  name text NOT NULL
);
INSERT INTO group_types (id, name) VALUES (1, 'Color Guard'), (2, 'Percussion'), (3, 'Winds'), (4, 'Marching Band'), (5, 'Drum Corps');
INSERT INTO event_types (id, name) VALUES (1, 'Regular Season'), (2, 'Championship'), (3, 'Practice'), (4, 'Clinic'), (5, 'Regional');

CREATE TABLE seasons (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  guid uuid NOT NULL UNIQUE,
  name text NOT NULL,
  year integer NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  UNIQUE (org_id, name)
);

CREATE TABLE score_sheets (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- ScoreSheet (server/api/tabulation/types.ts): categories, captions, subcaptions with weights and maxima
  definition jsonb NOT NULL
);

CREATE TABLE divisions (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  initials text NOT NULL,
  group_type_id integer NOT NULL REFERENCES group_types(id),
  score_sheet_id integer REFERENCES score_sheets(id),
  sort_order integer NOT NULL DEFAULT 0,
  UNIQUE (org_id, name)
);

CREATE TABLE groups (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  guid uuid NOT NULL UNIQUE,
  name text NOT NULL,
  location text NOT NULL DEFAULT '',
  circuit_id text NOT NULL DEFAULT '',
  division_id integer NOT NULL REFERENCES divisions(id),
  group_type_id integer NOT NULL REFERENCES group_types(id),
  active boolean NOT NULL DEFAULT true,
  pending boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX groups_org_idx ON groups (org_id, name);

CREATE TABLE events (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  guid uuid NOT NULL UNIQUE,
  season_id integer NOT NULL REFERENCES seasons(id),
  name text NOT NULL,
  location text NOT NULL DEFAULT '',
  event_type_id integer NOT NULL REFERENCES event_types(id),
  practice boolean NOT NULL DEFAULT false,
  video_enabled boolean NOT NULL DEFAULT false,
  commentary_enabled boolean NOT NULL DEFAULT false,
  start_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_org_idx ON events (org_id, start_date);

CREATE TABLE competitions (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  guid uuid NOT NULL UNIQUE,
  name text NOT NULL,
  starts_at timestamptz NOT NULL,
  chief_judge text NOT NULL DEFAULT '',
  org_competition_id text NOT NULL DEFAULT '',
  group_type_id integer NOT NULL REFERENCES group_types(id),
  category_recap_released boolean NOT NULL DEFAULT false,
  recap_released boolean NOT NULL DEFAULT false
);
CREATE INDEX competitions_event_idx ON competitions (event_id);

CREATE TABLE rounds (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  competition_id integer NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
  number integer NOT NULL,
  name text NOT NULL DEFAULT '',
  -- unreleased scores are invisible to every read operation
  scores_released boolean NOT NULL DEFAULT false,
  UNIQUE (competition_id, number)
);

-- A judge on one caption of one division's panel in one round.
CREATE TABLE panel_judges (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id),
  caption_key text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  UNIQUE (round_id, division_id, caption_key)
);

-- The sheet a division is judged on in one round (a copy, so later sheet edits never change a past recap).
CREATE TABLE round_sheets (
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id),
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  definition jsonb NOT NULL,
  PRIMARY KEY (round_id, division_id)
);

CREATE TABLE performances (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id),
  group_id integer NOT NULL REFERENCES groups(id),
  performs_at timestamptz,
  performance_order integer NOT NULL DEFAULT 0,
  performed boolean NOT NULL DEFAULT true,
  no_score_reason text NOT NULL DEFAULT '',
  penalty_thousandths integer NOT NULL DEFAULT 0,
  -- PerformanceResult of the last tabulation of its division and round (null until scored)
  result jsonb,
  UNIQUE (round_id, division_id, group_id)
);
CREATE INDEX performances_round_idx ON performances (round_id, division_id);
CREATE INDEX performances_group_idx ON performances (group_id);

CREATE TABLE subcaption_scores (
  performance_id integer NOT NULL REFERENCES performances(id) ON DELETE CASCADE,
  caption_key text NOT NULL,
  subcaption_key text NOT NULL,
  -- thousandths, so sums and averages are exact
  score_thousandths integer NOT NULL,
  PRIMARY KEY (performance_id, caption_key, subcaption_key)
);

CREATE TABLE penalties (
  id serial PRIMARY KEY,
  performance_id integer NOT NULL REFERENCES performances(id) ON DELETE CASCADE,
  amount_thousandths integer NOT NULL,
  reason text NOT NULL DEFAULT ''
);
