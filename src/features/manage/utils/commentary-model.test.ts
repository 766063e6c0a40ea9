import { describe, expect, it } from 'vitest';
import type {
  CommentaryRecording,
  CommentarySlot,
  CompetitionCommentary,
  PerformanceRecording,
} from '../api/get-commentary';
import { commentarySections, historyOf, releaseText } from './commentary-model';

const actor = (name: string) => ({ kind: 'user' as const, id: '1', name });

function recording(id: number, fields: Partial<CommentaryRecording> = {}): CommentaryRecording {
  return {
    id,
    key: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    performanceId: 101,
    captionKey: 'ea',
    recordedFor: null,
    state: 'uploaded',
    current: true,
    contentType: 'audio/webm',
    size: 1_200_000,
    durationMs: 312_000,
    etag: '"x"',
    by: actor('Ann Equip'),
    createdAt: `2027-02-06T15:0${id % 10}:00.000Z`,
    finishedAt: `2027-02-06T15:0${id % 10}:30.000Z`,
    verified: null,
    cleared: null,
    uploads: [],
    audio: `/commentary/recordings/${id}/audio`,
    ...fields,
  };
}

const round = { number: 2, name: 'Finals' };
const division = { id: 3, name: 'Scholastic A' };

function slot(
  performance: { id: number; order: number; group: string; performed?: boolean },
  caption: { key: string; name: string },
  fields: Partial<CommentarySlot> = {},
): CommentarySlot {
  return {
    performance: {
      id: performance.id,
      order: performance.order,
      performed: performance.performed ?? true,
      group: { id: performance.id * 10, name: performance.group },
    },
    round,
    division,
    caption,
    judges: [{ firstName: 'Ann', lastName: 'Equip', userId: 5 }],
    state: 'none',
    current: null,
    recordingNow: false,
    recordings: 0,
    ...fields,
  };
}

const EA = { key: 'ea', name: 'Equipment Analysis' };
const MA = { key: 'ma', name: 'Movement Analysis' };
const alpha = { id: 101, order: 2, group: 'Alpha HS' };
const bravo = { id: 102, order: 1, group: 'Bravo HS' };

function commentary(slots: CommentarySlot[], release: 'with-scores' | 'now' | 'withheld' = 'with-scores') {
  return {
    competition: { id: 7, name: 'Winter Show' },
    sections: [{ round, division, release, released: release === 'now', scoresReleased: false }],
    data: slots,
  } satisfies CompetitionCommentary;
}

describe('the commentary page model', () => {
  it('has a section per division and round, its performances in running order, a cell per caption in words', () => {
    const [section] = commentarySections(
      commentary([
        slot(alpha, EA, {
          state: 'verified',
          current: recording(1, { verified: { by: actor('Tess'), at: '' } }),
          recordings: 2,
        }),
        slot(alpha, MA, { state: 'recording', recordingNow: true, recordings: 1 }),
        slot(bravo, EA, { state: 'uploaded', current: recording(2, { performanceId: 102 }), recordings: 1 }),
        slot({ ...bravo, performed: false }, MA),
      ]),
    );
    expect(section.name).toBe('Scholastic A Finals');
    expect(section.rows.map((row) => row.group)).toEqual(['Bravo HS', 'Alpha HS']);
    expect(section.rows[1].cells.map((cell) => [cell.captionName, cell.text, cell.others, cell.judges])).toEqual([
      ['Equipment Analysis', 'Verified, 5:12', 1, 'Ann Equip'],
      ['Movement Analysis', 'Recording or uploading', 1, 'Ann Equip'],
    ]);
    expect(section.counts).toEqual({ none: 1, recording: 1, uploaded: 1, verified: 1 });
    // Bravo's Movement did not perform: it lacks nothing. Alpha's Movement is still on its way.
    expect(section.missing).toBe(1);
  });

  it('says what each release means now', () => {
    const section = (release: 'with-scores' | 'now' | 'withheld', scoresReleased: boolean) =>
      releaseText({ round, division, release, released: false, scoresReleased });
    expect(section('with-scores', false)).toBe(
      'Goes out with the scores: heard by the circuit once they are released.',
    );
    expect(section('with-scores', true)).toBe('Released with the scores: the circuit hears it now.');
    expect(section('now', false)).toBe('Released by hand: the circuit hears it now.');
    expect(section('withheld', true)).toMatch(/^Withheld/);
  });

  it("lists a caption's upload history oldest first, each recording with where it stands and what was done to it", () => {
    const history = (entries: [string, string, string | null][]) =>
      entries.map(([action, by, reason]) => ({ action, at: '2027-02-06T15:10:00.000Z', by: actor(by), reason }));
    const recordings: PerformanceRecording[] = [
      {
        ...recording(3, { current: false, createdAt: '2027-02-06T15:03:00.000Z' }),
        history: history([['commentary.upload', 'Ann Equip', null]]),
      },
      {
        ...recording(4, {
          current: true,
          verified: { by: actor('Tess Tab'), at: '' },
          createdAt: '2027-02-06T15:04:00.000Z',
        }),
        history: history([
          ['commentary.upload', 'Ann Equip', null],
          ['commentary.verify', 'Tess Tab', null],
        ]),
      },
      {
        ...recording(5, { current: false, createdAt: '2027-02-06T15:05:00.000Z' }),
        history: history([['commentary.upload', 'Ann Equip', null]]),
      },
      {
        ...recording(6, {
          performanceId: 102,
          recordedFor: { performanceId: 101, captionKey: 'ea' },
          createdAt: '2027-02-06T15:06:00.000Z',
        }),
        history: history([['commentary.move', 'Tess Tab', 'it was Bravo']]),
      },
      { ...recording(7, { captionKey: 'ma' }), history: [] },
    ];
    const lines = historyOf(recordings, 101, 'ea', (performanceId, captionKey) => `${performanceId}/${captionKey}`);
    expect(lines.map((line) => [line.recording.id, line.standing])).toEqual([
      [3, 'Replaced by a later one: not heard'],
      [4, 'Heard now, verified'],
      [5, 'Kept beside the verified one: not heard'],
      [6, 'Moved to 102/ea'],
    ]);
    expect(lines[3].events).toEqual([
      { action: 'Moved', at: '2027-02-06T15:10:00.000Z', by: 'Tess Tab', reason: 'it was Bravo' },
    ]);
  });
});
