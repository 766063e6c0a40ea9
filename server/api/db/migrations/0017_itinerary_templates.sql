-- The logistical schedule (issue 40, item 3; docs/decisions/141-the-logistical-schedule.md): per competition and
-- division, a template of timed steps relative to the performance (check-in, warm-ups with their rooms, staging,
-- exit, critique). Every group's itinerary is computed from its performance's time; nothing per group is stored.
CREATE TABLE itinerary_templates (
  competition_id integer NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id) ON DELETE CASCADE,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- [{ kind, label, offsetMinutes, minutes, location }] in the circuit's order
  steps jsonb NOT NULL,
  saved_by jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (competition_id, division_id)
);
