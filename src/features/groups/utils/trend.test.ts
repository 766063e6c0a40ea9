import { describe, expect, it } from 'vitest';
import type { GroupSeasonPerformance } from '../../../lib/api-models';
import { showLabel, trendPoints } from './trend';

const performance = (guid: string, date: string, score: number, practice: boolean): GroupSeasonPerformance => ({
  competition: { guid, name: 'Finals', date, eventName: guid },
  practice,
  division: { name: 'Scholastic A', initials: 'SA' },
  round: { number: 1, name: 'Finals' },
  performed: true,
  noScoreReason: '',
  total: { score, rank: 1 },
  categories: [],
  groupsInRound: 5,
});

describe('the trend of a group season', () => {
  const season = [
    performance('clinic', '2026-01-10T12:00:00.000Z', 90, true),
    performance('first', '2026-02-07T12:00:00.000Z', 70, false),
    performance('second', '2026-03-07T12:00:00.000Z', 75, false),
  ];

  it('leaves practice shows out, as standings do', () => {
    expect(trendPoints(season).map((point) => point.score)).toEqual([70, 75]);
  });

  it('counts them when asked', () => {
    expect(trendPoints(season, { includePractice: true }).map((point) => point.score)).toEqual([90, 70, 75]);
  });
});

describe("a show's name on the group page", () => {
  it('names the event, the competition and the round', () => {
    const [point] = trendPoints([performance('Winter Classic', '2026-02-07T12:00:00.000Z', 70, false)]);
    expect(point.label).toBe('Winter Classic · Finals, Finals');
  });

  it('names the event where the round has no name, never a bare competition and a trailing comma', () => {
    const show = { competition: { eventName: 'DCI Kentucky', name: 'Drum Corps' }, round: { name: '' } };
    expect(showLabel(show)).toBe('DCI Kentucky · Drum Corps');
  });
});
