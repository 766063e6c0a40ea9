import type { z } from '@hono/zod-openapi';
import type { SeasonResultRow } from '../../db/read/group-results.js';
import type { DivisionStandings } from '../schemas/v4.js';
import { rankScores } from '../../tabulation/rank.js';
import { isoTimestamp } from './v4.js';

type Standings = z.infer<typeof DivisionStandings>;

/**
 * Standings rank each division's groups by their latest released total (how circuits seed finals), ties sharing
 * a rank. Rows arrive oldest first, so the last row of a group is its latest.
 */
export function divisionStandings(rows: SeasonResultRow[]): Standings[] {
  const divisions = new Map<number, { info: SeasonResultRow; groups: Map<number, SeasonResultRow[]> }>();
  for (const row of rows) {
    if (!row.performed || !row.total) continue;
    let division = divisions.get(row.division.id);
    if (!division) divisions.set(row.division.id, (division = { info: row, groups: new Map() }));
    const list = division.groups.get(row.group.id) ?? [];
    list.push(row);
    division.groups.set(row.group.id, list);
  }
  return [...divisions.values()]
    .sort((a, b) => a.info.groupType.id - b.info.groupType.id || a.info.division.sortOrder - b.info.division.sortOrder)
    .map(({ info, groups }) => {
      const entries = [...groups.values()].map((performances) => {
        const latest = performances.at(-1)!;
        return {
          group: latest.group,
          bestScore: Math.max(...performances.map((p) => p.total!.score)),
          latestScore: latest.total!.score,
          latestCompetition: {
            id: latest.competition.id,
            guid: latest.competition.guid,
            name: latest.competition.name,
            eventName: latest.competition.eventName,
            date: isoTimestamp(latest.competition.startsAt),
          },
          performances: performances.length,
        };
      });
      const ranks = rankScores(entries.map((entry) => entry.latestScore));
      return {
        division: { id: info.division.id, name: info.division.name, initials: info.division.initials },
        groupType: info.groupType,
        entries: entries
          .map((entry, i) => ({ ...entry, rank: ranks[i] as number }))
          .sort((a, b) => a.rank - b.rank || a.group.name.localeCompare(b.group.name)),
      };
    });
}
