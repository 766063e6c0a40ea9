-- A circuit chooses its current season (docs/decisions/123-a-circuit-chooses-its-current-season.md): the season
-- its fans' home page and its management pages open on. NULL: none chosen, and the seasons' dates and today's
-- contests decide (server/api/db/repositories/current-season.ts).
ALTER TABLE organizations ADD COLUMN current_season_id integer;
