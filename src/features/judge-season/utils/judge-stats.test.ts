import { describe, expect, it } from 'vitest';
import type { JudgeSheet } from '../../../lib/api-models';
import { captionStats, groupTrail, largestDepartures, trailGroups } from './judge-stats';

const row = (
  name: string,
  score: number,
  rank: number | null,
  finalRank: number | null,
  partnerRank?: number | null,
) => ({
  group: { name, orgGroupIdentifier: '' },
  score,
  rank,
  final: { score: 80, rank: finalRank },
  partner: partnerRank === undefined ? null : { score: 10, rank: partnerRank },
  panel: { score: 20, rank: partnerRank ?? rank },
});

const sheet = (caption: string, date: string, rows: JudgeSheet['rows']): JudgeSheet => ({
  competition: { guid: date, name: 'Finals', date, eventName: `Show ${date}` },
  division: { name: 'Scholastic A', initials: 'SA' },
  round: { number: 1, name: 'Finals' },
  category: 'Equipment',
  caption: { name: caption, initials: caption.slice(0, 2) },
  doubled: rows.some((r) => r.partner !== null),
  partner: null,
  rows,
});

describe('caption statistics', () => {
  it('count agreement with the final and the partner, rank differences and the score spread per caption', () => {
    const stats = captionStats([
      sheet('Equipment Analysis', '2026-02-01', [
        row('A', 18.5, 1, 1, 2),
        row('B', 17, 2, 3, 2),
        row('C', 15.5, 3, 2, null),
      ]),
      sheet('Equipment Analysis', '2026-02-08', [row('A', 19, 2, 1), row('C', 16, 1, null)]),
      sheet('Movement', '2026-02-08', [row('A', 12, 1, 1)]),
    ]);
    expect(stats).toEqual([
      {
        caption: 'Equipment Analysis',
        sheets: 2,
        scores: 5,
        agreesWithFinal: { agreed: 1, compared: 4 },
        agreesWithPartner: { agreed: 1, compared: 2 },
        meanRankDifference: 0.75,
        largestRankDifference: 1,
        spread: { lowest: 15.5, highest: 19, mean: 17.2 },
      },
      expect.objectContaining({
        caption: 'Movement',
        sheets: 1,
        agreesWithFinal: { agreed: 1, compared: 1 },
        meanRankDifference: 0,
      }),
    ]);
  });

  it("follows one group's trail through the season in order", () => {
    const sheets = [
      sheet('Equipment Analysis', '2026-02-01', [row('A', 18.5, 1, 1), row('B', 17, 2, 2)]),
      sheet('Movement', '2026-02-08', [row('A', 12, 1, 1)]),
    ];
    expect(trailGroups(sheets)).toEqual([
      { key: 'name:A', name: 'A', times: 2 },
      { key: 'name:B', name: 'B', times: 1 },
    ]);
    expect(groupTrail(sheets, 'name:A').map((step) => [step.sheet.caption.name, step.row.score])).toEqual([
      ['Equipment Analysis', 18.5],
      ['Movement', 12],
    ]);
  });
});

describe('a judge season at a glance', () => {
  it('lists the largest departures from the final or the panel rank first, with the sheet each is on', () => {
    const sheets = [
      sheet('Equipment Analysis', '2026-01-10', [row('A', 18, 1, 1), row('B', 17, 2, 4)]),
      sheet('Equipment Analysis', '2026-01-17', [
        { ...row('C', 16, 1, 1), panel: { score: 30, rank: 4 } },
        row('D', 15, 5, 2),
      ]),
    ];
    expect(
      largestDepartures(sheets).map((d) => [d.row.group.name, d.sheetIndex, d.row.rank, d.fromFinal, d.fromPanel]),
    ).toEqual([
      ['C', 1, 1, 0, 3],
      ['D', 1, 5, 3, 0],
      ['B', 0, 2, 2, 0],
    ]);
  });

  it('names each group of the trail once, telling two groups of one name apart by division', () => {
    const guard = { name: 'Kingwood HS', orgGroupIdentifier: 'G1' };
    const percussion = { name: 'Kingwood HS', orgGroupIdentifier: 'P1' };
    const sheets = [
      { ...sheet('General Effect', '2026-01-10', [{ ...row('x', 18, 1, 1), group: guard }]) },
      {
        ...sheet('General Effect', '2026-01-17', [{ ...row('x', 18, 1, 1), group: percussion }]),
        division: { name: 'Percussion Scholastic A', initials: 'PSA' },
      },
    ];
    expect(trailGroups(sheets).map((g) => `${g.name} (${g.times})`)).toEqual([
      'Kingwood HS · Percussion Scholastic A (1)',
      'Kingwood HS · Scholastic A (1)',
    ]);
  });
});
