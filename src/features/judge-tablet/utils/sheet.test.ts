import { describe, expect, it } from 'vitest';
import type { MySeat } from '../../../lib/api-models';
import type { JudgeSnapshot } from '../queue/judge-store';
import { ownRanks } from './own-ranks';
import { captionScore, checkLine, checkSheet, formatCaptionScore } from './sheet';
import { seatRanks } from './sheet-state';

const rep = { key: 'rep', name: 'Repertoire', initials: 'Rep', max: 20, step: 0.1, weight: 1 };
const perf = { key: 'perf', name: 'Performance', initials: 'Perf', max: 20, step: 0.5, weight: 1 };

describe("a judge's sheet", () => {
  it('takes a number within the maximum on its step, with a point or a comma', () => {
    expect(checkLine(rep, '17.3')).toEqual({ kind: 'number', score: 17.3 });
    expect(checkLine(rep, '17,3')).toEqual({ kind: 'number', score: 17.3 });
    expect(checkLine(rep, '20')).toEqual({ kind: 'number', score: 20 });
    expect(checkLine(rep, '0')).toEqual({ kind: 'number', score: 0 });
    expect(checkLine(rep, '17.')).toEqual({ kind: 'number', score: 17 });
    expect(checkLine(rep, ' ')).toEqual({ kind: 'empty' });
  });

  it('says at once what is wrong with a number out of range or off its step', () => {
    expect(checkLine(rep, '20.1')).toEqual({ kind: 'error', message: 'Above the maximum 20' });
    expect(checkLine(rep, '17.35')).toEqual({ kind: 'error', message: 'Not a step of 0.1' });
    expect(checkLine(perf, '17.3')).toEqual({ kind: 'error', message: 'Not a step of 0.5' });
    expect(checkLine(rep, '-1')).toEqual({ kind: 'error', message: 'Not a number' });
    expect(checkLine(rep, '1e1')).toEqual({ kind: 'error', message: 'Not a number' });
    expect(checkLine(rep, '1.2345')).toMatchObject({ kind: 'error', message: expect.stringContaining('3 decimals') });
  });

  it('adds the caption total in thousandths, and sends only a sheet without errors', () => {
    const sheet = checkSheet(
      [rep, perf],
      [
        { subcaptionKey: 'rep', text: '0.1' },
        { subcaptionKey: 'perf', text: '0.5' },
      ],
    );
    expect(sheet).toMatchObject({ total: 0.6, complete: true, valid: true });
    const partial = checkSheet([rep, perf], [{ subcaptionKey: 'rep', text: '17.2' }]);
    expect(partial).toMatchObject({
      total: 17.2,
      complete: false,
      valid: true,
      scores: [{ subcaptionKey: 'rep', score: 17.2 }],
    });
    const wrong = checkSheet(
      [rep, perf],
      [
        { subcaptionKey: 'rep', text: '17.2' },
        { subcaptionKey: 'perf', text: '25' },
      ],
    );
    expect(wrong).toMatchObject({ total: 17.2, complete: false, valid: false });
  });
});

describe("the judge's own ranks", () => {
  it('ranks highest first, shares a rank on a tie and flags it', () => {
    const ranks = ownRanks([
      { performanceId: 1, groupName: 'Alpha', total: 80.5, incomplete: false },
      { performanceId: 2, groupName: 'Bravo', total: 85, incomplete: false },
      { performanceId: 3, groupName: 'Charlie', total: 80.5, incomplete: true },
      { performanceId: 4, groupName: 'Delta', total: 70, incomplete: false },
    ]);
    expect(ranks.map(({ groupName, rank, tied }) => [groupName, rank, tied])).toEqual([
      ['Bravo', 1, false],
      ['Alpha', 2, true],
      ['Charlie', 2, true],
      ['Delta', 4, false],
    ]);
  });
});

/** Movement Analysis on the common color guard sheet: Vocabulary 7 and Excellence 13 of 20, lines out of 100. */
const voc = { key: 'voc', name: 'Vocabulary', initials: 'Voc', max: 100, step: 0.1, weight: 0.07 };
const exc = { key: 'exc', name: 'Excellence', initials: 'Exc', max: 100, step: 0.1, weight: 0.13 };

function weightedSeat(groups: { id: number; name: string; scores: [number, number] | null }[]): MySeat {
  return {
    competition: {
      id: 1,
      guid: '00000000-0000-0000-0000-000000000001',
      name: 'Show',
      date: '2026-11-27',
      commentaryEnabled: false,
    },
    round: { number: 1, name: 'Finals', released: false },
    division: { id: 3, name: 'Scholastic A', initials: 'SA' },
    category: { key: 'movement', name: 'Movement Analysis' },
    caption: { key: 'ma', name: 'Movement Analysis', initials: 'MA', subcaptions: [voc, exc], digits: 3 },
    performances: groups.map(({ id, name, scores }, index) => ({
      id,
      order: index + 1,
      time: null,
      performed: true,
      group: { id, name },
      entry: {
        performanceId: id,
        captionKey: 'ma',
        scores: scores
          ? [
              { subcaptionKey: 'voc', score: scores[0] },
              { subcaptionKey: 'exc', score: scores[1] },
            ]
          : [],
        state: scores ? 'submitted' : null,
        version: scores ? 1 : 0,
        by: null,
        at: null,
      },
    })),
  };
}

const emptyDevice: JudgeSnapshot = {
  outbox: [],
  sheets: new Map(),
  held: new Map(),
  seats: null,
  me: null,
  lastReachedAt: null,
};

describe("the judge's own ranks on a weighted sheet", () => {
  it('works out the caption score as the tabulation does: numbers times weights, rounded half up', () => {
    expect(
      captionScore(
        [voc, exc],
        [
          { subcaptionKey: 'voc', score: 90 },
          { subcaptionKey: 'exc', score: 70 },
        ],
      ),
    ).toBe(15.4);
    // 0.07 x 65.5 = 4.585 exactly (a double's 4.585000000000001 or 4.584999 never reaches the rounding)
    expect(captionScore([voc], [{ subcaptionKey: 'voc', score: 65.5 }])).toBe(4.585);
    // 0.1667 x 12.5 = 2.08375: half up at three digits, 2.0838 at four
    const sixth = { ...voc, weight: 0.1667 };
    expect(captionScore([sixth], [{ subcaptionKey: 'voc', score: 12.5 }])).toBe(2.084);
    expect(captionScore([sixth], [{ subcaptionKey: 'voc', score: 12.5 }], 4)).toBe(2.0838);
    expect(formatCaptionScore(2.0838, 4)).toBe('2.0838');
    const typed = checkSheet(
      [voc, exc],
      [
        { subcaptionKey: 'voc', text: '70' },
        { subcaptionKey: 'exc', text: '85' },
      ],
    );
    expect(typed).toMatchObject({ total: 155, score: 15.95 });
  });

  it('ranks by the weighted score, not by what the lines add up to', () => {
    // Alpha's lines add up to 160 and Bravo's to 155, but Excellence weighs nearly twice Vocabulary: Bravo is first.
    const seat = weightedSeat([
      { id: 1, name: 'Alpha', scores: [90, 70] },
      { id: 2, name: 'Bravo', scores: [70, 85] },
      { id: 3, name: 'Charlie', scores: null },
    ]);
    const ranks = seatRanks(emptyDevice, seat, null);
    expect(ranks.map(({ groupName, rank, total }) => [groupName, rank, total])).toEqual([
      ['Bravo', 1, 15.95],
      ['Alpha', 2, 15.4],
    ]);
    // Charlie being typed: Voc 80 / Exc 80 is 16 and goes first; Voc 95 alone (6.65) is incomplete and last.
    const typing = (vocText: string, excText: string) =>
      seatRanks(emptyDevice, seat, {
        performanceId: 3,
        lines: [
          { subcaptionKey: 'voc', text: vocText },
          { subcaptionKey: 'exc', text: excText },
        ],
      }).map(({ groupName, rank, tied, incomplete }) => [groupName, rank, tied, incomplete]);
    expect(typing('80', '80')).toEqual([
      ['Charlie', 1, false, false],
      ['Bravo', 2, false, false],
      ['Alpha', 3, false, false],
    ]);
    expect(typing('95', '')).toEqual([
      ['Bravo', 1, false, false],
      ['Alpha', 2, false, false],
      ['Charlie', 3, false, true],
    ]);
    // Two groups whose lines differ but whose weighted scores are equal are flagged as a tie:
    // Voc 90 / Exc 70 = 15.4 = Voc 77 / Exc 77 (5.39 + 10.01).
    expect(typing('77', '77')).toEqual([
      ['Bravo', 1, false, false],
      ['Alpha', 2, true, false],
      ['Charlie', 2, true, false],
    ]);
  });
});
