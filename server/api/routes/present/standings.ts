import type { z } from '@hono/zod-openapi';
import { seasonStandings } from '../../../../domain/standings.js';
import type { SeasonResultRow } from '../../db/repositories/group-results.read.js';
import type { DivisionStandings } from '../schemas/v4.js';
import { isoTimestamp } from './v4.js';

type Standings = z.infer<typeof DivisionStandings>;

/** The season's standings by the one standings rule (domain/standings.ts). Rows arrive oldest first. */
export function divisionStandings(rows: SeasonResultRow[]): Standings[] {
  const groupTypes = new Map(rows.map((row) => [row.division.id, row.groupType]));
  const scored = rows.flatMap((row) =>
    row.performed && row.total
      ? [
          {
            divisionKey: row.division.id,
            division: { id: row.division.id, name: row.division.name, initials: row.division.initials },
            groupKey: row.group.id,
            group: row.group,
            total: row.total.score,
            competition: {
              id: row.competition.id,
              guid: row.competition.guid,
              name: row.competition.name,
              eventName: row.competition.eventName,
              date: isoTimestamp(row.competition.startsAt),
            },
          },
        ]
      : [],
  );
  return seasonStandings(scored, (division) => groupTypes.get(division.id)!).map((standings) => ({
    ...standings,
    groupType: standings.groupType!,
  }));
}
