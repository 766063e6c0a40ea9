import { describe, expect, it } from 'vitest';
import { ownRanks } from './own-ranks';
import { checkLine, checkSheet } from './sheet';

const rep = { key: 'rep', name: 'Repertoire', initials: 'Rep', max: 20, step: 0.1 };
const perf = { key: 'perf', name: 'Performance', initials: 'Perf', max: 20, step: 0.5 };

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
