import { describe, expect, it } from 'vitest';
import type { Critique } from '../api/get-critiques';
import { byStation, requestOf, stationsProblem, type CritiqueForm } from './critique-form';

const form = (change: Partial<CritiqueForm> = {}): CritiqueForm => ({
  stations: 'Music\n  Visual  \n\n',
  slotMinutes: '5',
  from: '2027-03-06T21:00',
  to: '2027-03-06T21:20',
  mode: 'pick',
  ...change,
});

describe('requestOf', () => {
  it('sends the stations trimmed, one a non-empty line, and the window as instants', () => {
    const request = requestOf(form());
    expect(request).toEqual({
      ok: true,
      plan: {
        stations: ['Music', 'Visual'],
        slotMinutes: 5,
        from: new Date('2027-03-06T21:00').toISOString(),
        to: new Date('2027-03-06T21:20').toISOString(),
        mode: 'pick',
      },
    });
  });

  it('names each field as the API does, before anything is sent', () => {
    const problems = (change: Partial<CritiqueForm>) => {
      const request = requestOf(form(change));
      return request.ok ? new Map() : request.problems;
    };
    expect([...problems({ slotMinutes: '' }).keys()]).toEqual(['slotMinutes']);
    expect([...problems({ to: '' }).keys()]).toEqual(['to']);
    expect(problems({ to: '2027-03-06T21:09' }).get('to')).toMatch(/too short for one group to visit every station/);
    expect(stationsProblem(problems({ stations: 'Music\nmusic' }))).toBe('Line 2: "music" is named twice');
    expect(stationsProblem(problems({ stations: '\n' }))).toBe('name at least one station');
  });
});

describe('byStation', () => {
  it("reads each station's line of every slot, with the group in it", () => {
    const visit = (station: string, start: string, end: string) => ({ station, startsAt: start, endsAt: end });
    const critique = {
      stations: ['Music', 'Visual'],
      slots: [
        {
          number: 1,
          startsAt: 'a',
          endsAt: 'c',
          visits: [visit('Music', 'a', 'b'), visit('Visual', 'b', 'c')],
          group: { id: 7, name: 'Alpha HS' },
        },
        {
          number: 2,
          startsAt: 'b',
          endsAt: 'd',
          visits: [visit('Music', 'b', 'c'), visit('Visual', 'c', 'd')],
          group: null,
        },
      ],
    } as unknown as Critique;
    expect(byStation(critique)).toEqual([
      {
        station: 'Music',
        lines: [
          { slot: 1, startsAt: 'a', endsAt: 'b', group: { id: 7, name: 'Alpha HS' } },
          { slot: 2, startsAt: 'b', endsAt: 'c', group: null },
        ],
      },
      {
        station: 'Visual',
        lines: [
          { slot: 1, startsAt: 'b', endsAt: 'c', group: { id: 7, name: 'Alpha HS' } },
          { slot: 2, startsAt: 'c', endsAt: 'd', group: null },
        ],
      },
    ]);
  });
});
