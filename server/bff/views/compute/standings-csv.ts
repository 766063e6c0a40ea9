/**
 * A season's standings as CSV, a row per group in each division in the standings page's order. "Total" is the
 * group's latest released total, the number it is ranked by; totals print with v2's three fraction digits.
 */
import { formatScore } from '../../../../domain/scores.js';
import { csvText } from './csv.js';
import type { DivisionStandingsView } from '../view-schemas.js';

const total = (score: number) => formatScore(score, 'total');

export function standingsCsv(divisions: readonly DivisionStandingsView[]): string {
  const header = [
    'Division',
    'Rank',
    'Group',
    'Location',
    'Total',
    'Best Total',
    'Performances',
    'Latest Competition',
    'Latest Event',
    'Latest Date',
  ];
  const rows = divisions.flatMap(({ division, entries }) =>
    entries.map((entry) => [
      division.name,
      String(entry.rank),
      entry.group.name,
      entry.group.location ?? '',
      total(entry.latestScore),
      total(entry.bestScore),
      String(entry.performances),
      entry.latestCompetition.name,
      entry.latestCompetition.eventName,
      entry.latestCompetition.date,
    ]),
  );
  return csvText(header, rows);
}
