-- The schedule builder (issue 40, item 2; docs/decisions/138-the-schedule-builder.md). A competition's draft is one
-- row, saved whole by the page: the start and end times, each division's interval, the gap, and the day's sequence
-- (performances in order, blocks put in anywhere). Publishing computes the times, writes them to the performances and
-- adds a version: versions are only ever added, the latest the current one, each with who published it, when and why.
CREATE TABLE schedule_drafts (
  competition_id integer PRIMARY KEY REFERENCES competitions(id) ON DELETE CASCADE,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- { startsAt, endsAt, gapMinutes, intervals: [{ divisionId, minutes }], items: [{ performanceId } | { block }] }
  plan jsonb NOT NULL,
  saved_by jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE schedule_versions (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  competition_id integer NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
  number integer NOT NULL,
  -- the plan as published and every item's computed times, as published
  plan jsonb NOT NULL,
  items jsonb NOT NULL,
  reason text NOT NULL DEFAULT '',
  published_by jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (competition_id, number)
);
