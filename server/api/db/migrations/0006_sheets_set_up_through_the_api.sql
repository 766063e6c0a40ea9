-- Seasons, divisions and their score sheets set up through the API (docs/decisions/078-own-sheets-stored-and-versioned-per-round.md).
-- A score_sheets row is never changed once written: a division's new sheet is a new row, so divisions sharing a
-- sheet (the sample circuit's) keep theirs. A sheet taken from the catalogue keeps its catalogue key, so
-- GET /divisions/{id}/sheet can say which built-in sheet it is; a circuit's own sheet has none.
ALTER TABLE score_sheets ADD COLUMN catalogue_key text;
