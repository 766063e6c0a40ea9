import { describe, expect, it } from 'vitest';
import { progressSection } from '../../../test/console-fixtures';
import type { CompetitionTablets } from '../api/get-tablets';
import { tabletRows, tabletsSummary } from './tablets-model';

const NOW = Date.parse('2027-02-06T15:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

type Tablet = CompetitionTablets['data'][number]['tablets'][number];

function tablet(overrides: Partial<Tablet['report']> = {}, seenMsAgo = 3_000, silent = false): Tablet {
  return {
    deviceId: 'dev-0001-abcdef',
    lastSeenAt: ago(seenMsAgo),
    silent,
    report: {
      device: 'Safari 18 on iPadOS',
      build: '4f2a9c1',
      battery: { level: 0.42, charging: false },
      entriesWaiting: 0,
      audioWaiting: { count: 0, bytes: 0 },
      recording: null,
      microphone: 'off',
      storage: null,
      ...overrides,
    },
  };
}

function status(tablets: Tablet[][]): CompetitionTablets {
  return {
    competition: { id: 7, name: 'Winter Show' },
    data: tablets.map((list, index) => ({
      user: { id: 11 + index, name: ['Ana Ruiz', 'Cy Park', 'Di Fox'][index] },
      seats: [{ round: 1, divisionId: progressSection().division.id, captionKey: index === 0 ? 'ge1' : 'ea2' }],
      silent: list.every((one) => one.silent),
      tablets: list,
    })),
  };
}

describe('the tablet status model', () => {
  it('says each tablet in words: device, build, seen, battery, waiting, recording for how long, microphone', () => {
    const [row] = tabletRows(
      status([
        [
          tablet({
            entriesWaiting: 1,
            audioWaiting: { count: 2, bytes: 3_400_000 },
            recording: { performanceId: 101, captionKey: 'ge1', since: ago(65_000), group: 'Alpha HS' },
            microphone: 'on',
            storage: { freeBytes: 2_100_000_000, persisted: true },
          }),
        ],
      ]),
      [progressSection()],
      NOW,
    );
    const section = progressSection();
    expect(row.name).toBe('Ana Ruiz');
    expect(row.seats).toEqual([`${section.division.name} ${section.round.name}: Effect`]);
    expect(row.flag).toBeNull();
    expect(row.tablets[0]).toMatchObject({
      device: 'Safari 18 on iPadOS',
      build: '4f2a9c1',
      connection: 'online',
      seen: 'Online: seen 3 s ago',
      battery: '42%',
      lowBattery: false,
      entriesWaiting: '1 entry',
      audioWaiting: '2 recordings, 3.4 MB',
      recording: 'Alpha HS, Effect, for 1:05',
      microphone: 'Working',
      microphoneProblem: false,
      storage: '2.1 GB free, kept by the browser',
    });
  });

  it('is offline past three missed reports, and flags a judge none of whose tablets reported for a minute', () => {
    const rows = tabletRows(
      status([[tablet({}, 20_000)], [tablet({}, 61_000), tablet({}, 200_000, true)], []]),
      [progressSection()],
      NOW,
    );
    expect(rows[0].tablets[0]).toMatchObject({ connection: 'offline', seen: 'Offline: last seen 20 s ago' });
    expect(rows[0].flag).toBeNull();
    // The API's "silent" may lag this clock by one read: past a minute here is silent too.
    expect(rows[1].tablets.map((line) => line.connection)).toEqual(['silent', 'silent']);
    expect(rows[1].tablets[0].seen).toMatch(/^Silent for more than a minute: last seen 1 min ago \(.+\)$/);
    expect(rows[1].flag).toBe('Not heard from for more than a minute');
    expect(rows[2].flag).toBe('No tablet heard from yet');

    const summary = tabletsSummary(status([[tablet({}, 20_000)], [tablet({}, 61_000)], []]), rows);
    expect(summary).toMatchObject({ judges: 3, online: 0, flagged: ['Cy Park', 'Di Fox'] });
  });

  it('says what the browser does not tell, a low battery, and a microphone in trouble', () => {
    const lines = tabletRows(
      status([
        [
          tablet({ battery: null, microphone: 'refused' }),
          tablet({ battery: { level: 0.15, charging: false }, microphone: 'silent' }),
          tablet({ battery: { level: 0.15, charging: true }, microphone: 'unavailable' }),
        ],
      ]),
      [],
      NOW,
    )[0].tablets;
    expect(lines.map((line) => [line.battery, line.lowBattery, line.microphone, line.microphoneProblem])).toEqual([
      ['Not told by the browser', false, 'Permission refused', true],
      ['15%', true, 'Silent: no sound for 10 s or more', true],
      ['15%, charging', false, 'None found', true],
    ]);
  });

  it('adds up what waits over every tablet, and counts those recording now', () => {
    const data = status([
      [tablet({ entriesWaiting: 2, audioWaiting: { count: 1, bytes: 1_000_000 } })],
      [
        tablet({
          audioWaiting: { count: 2, bytes: 2_500_000 },
          recording: { performanceId: 102, captionKey: 'ea2', since: ago(5_000), group: null },
        }),
      ],
    ]);
    const rows = tabletRows(data, [progressSection()], NOW);
    expect(rows[1].tablets[0].recording).toBe('performance 102, Equipment 2, for 0:05');
    expect(tabletsSummary(data, rows)).toEqual({
      judges: 2,
      online: 2,
      flagged: [],
      recording: 1,
      entriesWaiting: 2,
      audioWaiting: { count: 3, bytes: 3_500_000 },
    });
  });
});
