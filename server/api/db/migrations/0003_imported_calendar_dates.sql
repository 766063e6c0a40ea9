-- A recap page gives its show a day and no time. Imports before decision 011 stored that day at 00:00 UTC, which
-- is the evening before in the Americas; a calendar date is now that day at 12:00 UTC. Competitions imported from
-- a recap page (orgCompetitionId = the page's guid) still at midnight UTC move to noon of the same day.
UPDATE competitions
SET starts_at = starts_at + interval '12 hours'
WHERE org_competition_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  AND starts_at = date_trunc('day', starts_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
