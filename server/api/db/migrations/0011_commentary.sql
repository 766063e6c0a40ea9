-- The judges' commentary: recordings per performance and caption, uploaded in pieces, stored in the database
-- (docs/decisions/126-commentary-format.md, 127-commentary-stored-in-the-database.md, 128-commentary-api.md).

-- A stored file: one upload's bytes as they arrive, or a finished recording's joined file. Its bytes are rows of
-- commentary_chunks, so every API instance serves every file and a backup of the database carries them.
CREATE TABLE commentary_files (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE commentary_chunks (
  file_id integer NOT NULL REFERENCES commentary_files(id) ON DELETE CASCADE,
  -- the chunk's first byte's offset in its file
  start bigint NOT NULL CHECK (start >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (file_id, start)
);
-- Audio is compressed already: kept out of line without trying to compress it again.
ALTER TABLE commentary_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

-- A recording of one judge's commentary on one performance. It is filed under a performance and caption (moved by
-- a tabulator when filed wrong) and remembers where it was recorded (its marks were typed there). At most one
-- recording per performance and caption is current: the one groups hear.
CREATE TABLE commentary_recordings (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- the recording device's own key for it: creating it again with the same key answers the same recording, and
  -- the marks sent with the entries name it
  key uuid NOT NULL,
  performance_id integer NOT NULL REFERENCES performances(id) ON DELETE CASCADE,
  caption_key text NOT NULL,
  recorded_performance_id integer NOT NULL,
  recorded_caption_key text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('audio/webm', 'audio/mp4')),
  state text NOT NULL CHECK (state IN ('recording', 'uploaded')),
  is_current boolean NOT NULL DEFAULT false,
  -- the joined file, once uploaded
  file_id integer REFERENCES commentary_files(id) ON DELETE SET NULL,
  size bigint,
  duration_ms integer,
  sha256 text,
  -- who made it ({kind, id, name}, as the audit trail names an actor) and, for a user, which
  created_by jsonb NOT NULL,
  created_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  verified_at timestamptz,
  verified_by jsonb,
  cleared_at timestamptz,
  cleared_by jsonb,
  cleared_reason text,
  UNIQUE (org_id, key)
);
CREATE UNIQUE INDEX commentary_recordings_current_idx ON commentary_recordings (performance_id, caption_key) WHERE is_current;
CREATE INDEX commentary_recordings_slot_idx ON commentary_recordings (performance_id, caption_key);
CREATE INDEX commentary_recordings_recorded_idx ON commentary_recordings (recorded_performance_id);

-- An upload session: one segment of a recording (a reload during recording starts the next), its bytes received
-- so far in its file.
CREATE TABLE commentary_uploads (
  id serial PRIMARY KEY,
  recording_id integer NOT NULL REFERENCES commentary_recordings(id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number BETWEEN 1 AND 100),
  file_id integer REFERENCES commentary_files(id) ON DELETE SET NULL,
  received bigint NOT NULL DEFAULT 0 CHECK (received >= 0),
  -- the size the uploader declared, when it knew it (a file recorded elsewhere); null while recording
  expected_size bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (recording_id, number)
);

-- An append sent with an Idempotency-Key, to answer its repetition as it was answered.
CREATE TABLE commentary_appends (
  upload_id integer NOT NULL REFERENCES commentary_uploads(id) ON DELETE CASCADE,
  key text NOT NULL,
  start bigint NOT NULL,
  finish bigint NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (upload_id, key)
);

-- Moments of a recording: a number the judge typed (its caption line and value) or a mark the judge tapped, at
-- its offset into the recording. They travel with the entries (POST /performances/{id}/scores), so they name the
-- recording by the device's key and may arrive before the recording does.
CREATE TABLE commentary_marks (
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  recording_key uuid NOT NULL,
  performance_id integer NOT NULL REFERENCES performances(id) ON DELETE CASCADE,
  caption_key text NOT NULL,
  offset_ms integer NOT NULL CHECK (offset_ms >= 0),
  -- '' for a tapped mark
  subcaption_key text NOT NULL DEFAULT '',
  score_thousandths integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, recording_key, offset_ms, subcaption_key)
);

-- When a division and round's commentary may be heard: with its scores (no row), now, or withheld.
CREATE TABLE commentary_releases (
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id),
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  release text NOT NULL CHECK (release IN ('with-scores', 'now', 'withheld')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by jsonb NOT NULL,
  PRIMARY KEY (round_id, division_id)
);

-- Each judge's tablet's last report (GET /competitions/{id}/tablets): one row per user and device.
CREATE TABLE tablet_reports (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id text NOT NULL,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  report jsonb NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_id)
);
CREATE INDEX tablet_reports_org_idx ON tablet_reports (org_id);
