/**
 * What a judge's season says about their numbers, from the sheets alone (the v2 numbers the BFF passes on): per
 * caption how often their rank agreed with the final rank and with the panel partner's, how far it was from the
 * final rank, and their score spread; and one group's trail through the season.
 */
import type { JudgeSheet } from '../../../lib/api-models';

export interface CaptionStats {
  caption: string;
  sheets: number;
  /** the groups scored, one per row of every sheet */
  scores: number;
  agreesWithFinal: { agreed: number; compared: number };
  /** compared only on a doubled panel */
  agreesWithPartner: { agreed: number; compared: number };
  /** absolute difference of the judge's rank and the final rank; null when no row has both */
  meanRankDifference: number | null;
  largestRankDifference: number | null;
  spread: { lowest: number; highest: number; mean: number };
}

export function captionStats(sheets: readonly JudgeSheet[]): CaptionStats[] {
  const byCaption = new Map<string, JudgeSheet[]>();
  for (const sheet of sheets) byCaption.set(sheet.caption.name, [...(byCaption.get(sheet.caption.name) ?? []), sheet]);
  return [...byCaption.entries()].map(([caption, captionSheets]) => {
    const rows = captionSheets.flatMap((sheet) => sheet.rows);
    const differences: number[] = [];
    let agreedFinal = 0;
    let agreedPartner = 0;
    let comparedPartner = 0;
    for (const row of rows) {
      if (row.rank !== null && row.final.rank !== null) {
        differences.push(Math.abs(row.rank - row.final.rank));
        if (row.rank === row.final.rank) agreedFinal++;
      }
      if (row.rank !== null && row.partner?.rank != null) {
        comparedPartner++;
        if (row.rank === row.partner.rank) agreedPartner++;
      }
    }
    const scores = rows.map((row) => row.score);
    return {
      caption,
      sheets: captionSheets.length,
      scores: rows.length,
      agreesWithFinal: { agreed: agreedFinal, compared: differences.length },
      agreesWithPartner: { agreed: agreedPartner, compared: comparedPartner },
      meanRankDifference:
        differences.length === 0 ? null : differences.reduce((sum, d) => sum + d, 0) / differences.length,
      largestRankDifference: differences.length === 0 ? null : Math.max(...differences),
      spread: {
        lowest: Math.min(...scores),
        highest: Math.max(...scores),
        mean: scores.reduce((sum, s) => sum + s, 0) / scores.length,
      },
    };
  });
}

/** A group as the trail picker names it: the circuit's identifier when v2 gives one, else the name. */
export function trailKey(group: { name: string; orgGroupIdentifier: string }): string {
  return group.orgGroupIdentifier ? `id:${group.orgGroupIdentifier}` : `name:${group.name}`;
}

export interface TrailStep {
  sheet: Omit<JudgeSheet, 'rows'>;
  row: JudgeSheet['rows'][number];
}

/**
 * The groups this judge scored, each once (its latest name), with the times it is on their sheets. Two groups of one
 * name (a school's guard and its percussion, each with its circuit id) are told apart by their divisions: the picker
 * listed "Kingwood HS (1)" twice.
 */
export function trailGroups(sheets: readonly JudgeSheet[]): { key: string; name: string; times: number }[] {
  const groups = new Map<string, { key: string; name: string; times: number; divisions: Set<string> }>();
  for (const sheet of sheets) {
    for (const row of sheet.rows) {
      const key = trailKey(row.group);
      const known = groups.get(key) ?? { key, name: row.group.name, times: 0, divisions: new Set<string>() };
      known.name = row.group.name;
      known.times += 1;
      known.divisions.add(sheet.division.name);
      groups.set(key, known);
    }
  }
  const named = new Map<string, number>();
  for (const group of groups.values()) named.set(group.name, (named.get(group.name) ?? 0) + 1);
  return [...groups.values()]
    .map(({ key, name, times, divisions }) => ({
      key,
      name: (named.get(name) ?? 0) > 1 ? `${name} · ${[...divisions].sort().join(', ')}` : name,
      times,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One group's number on a sheet where this judge's rank parted from the final and the panel's. */
export interface Departure {
  /** the sheet's place in the season's list (the page shows it as `#sheet-<index>`) */
  sheetIndex: number;
  sheet: Omit<JudgeSheet, 'rows'>;
  row: JudgeSheet['rows'][number];
  /** |this judge's rank - the final rank| */
  fromFinal: number;
  /** |this judge's rank - the panel's rank| (the caption's category) */
  fromPanel: number;
}

/**
 * The season's largest departures, largest first: every row where the judge's rank differs from the group's final
 * rank or its panel's, by the larger of the two differences, then by the date (the season's order). What a judge
 * asks first: where did my numbers part from the panel's?
 */
export function largestDepartures(sheets: readonly JudgeSheet[], count = 10): Departure[] {
  const departures: Departure[] = [];
  sheets.forEach(({ rows, ...sheet }, sheetIndex) => {
    for (const row of rows) {
      if (row.rank === null) continue;
      const fromFinal = row.final.rank === null ? 0 : Math.abs(row.rank - row.final.rank);
      const fromPanel = row.panel.rank === null ? 0 : Math.abs(row.rank - row.panel.rank);
      if (fromFinal > 0 || fromPanel > 0) departures.push({ sheetIndex, sheet, row, fromFinal, fromPanel });
    }
  });
  const size = (d: Departure) => Math.max(d.fromFinal, d.fromPanel);
  return departures.sort((a, b) => size(b) - size(a) || a.sheetIndex - b.sheetIndex).slice(0, count);
}

/** One group's numbers from this judge at each contest, in the season's order. */
export function groupTrail(sheets: readonly JudgeSheet[], key: string): TrailStep[] {
  return sheets.flatMap(({ rows, ...sheet }) =>
    rows.filter((row) => trailKey(row.group) === key).map((row) => ({ sheet, row })),
  );
}
