/**
 * A small show for the console's tests, in the API's own shapes (typed by its document): Scholastic A's prelims
 * with a General Effect caption and a doubled Equipment Analysis panel (two judges), three groups in running order
 * Alpha, Bravo, Charlie. Each test changes what it needs.
 */
import type { components } from '../lib/api-types';

type Schemas = components['schemas'];

export const COMPETITION_ID = 7;
export const GUID = '4f7c2d1e-8b3a-4c5d-9e6f-0a1b2c3d4e5f';
export const DIVISION = { id: 3, name: 'Scholastic A', initials: 'SA' };
export const ROUND = { number: 1, name: 'Prelims' };

const line = (key: string, name: string, max: number) => ({
  key,
  name,
  initials: key.toUpperCase(),
  max,
  step: 0.1,
  weight: 1,
});

export const SHEET: Schemas['SectionSheet'] = {
  name: 'Scholastic',
  rounding: 'carry-rounded',
  publishedDigits: 3,
  subtotalScale: 1,
  totalDivisor: 1,
  categories: [
    {
      key: 'ge',
      name: 'General Effect',
      combine: 'sum',
      captions: [
        {
          key: 'ge1',
          name: 'Effect',
          initials: 'GE',
          weighted: false,
          panel: null,
          judge: { firstName: 'Ana', lastName: 'Ruiz' },
          subcaptions: [line('rep', 'Repertoire', 20), line('exc', 'Excellence', 20)],
        },
      ],
    },
    {
      key: 'ea',
      name: 'Equipment Analysis',
      combine: 'average',
      captions: [
        {
          key: 'ea1',
          name: 'Equipment',
          initials: 'EA',
          weighted: false,
          panel: 'ea',
          judge: { firstName: 'Bo', lastName: 'Lee' },
          subcaptions: [line('voc', 'Vocabulary', 20)],
        },
        {
          key: 'ea2',
          name: 'Equipment',
          initials: 'EA',
          weighted: false,
          panel: 'ea',
          judge: { firstName: 'Cy', lastName: 'Park' },
          subcaptions: [line('voc', 'Vocabulary', 20)],
        },
      ],
    },
  ],
};

const ranked = (score: number, rank: number | null) => ({ score, rank });

function performance(
  performanceId: number,
  name: string,
  numbers: {
    ge1?: [number, number];
    ea1?: number;
    ea2?: number;
    penalty?: number;
    performed?: boolean;
    rank: number | null;
  },
): Schemas['PerformanceScores'] {
  const ge = numbers.ge1 ? numbers.ge1[0] + numbers.ge1[1] : 0;
  const ea = ((numbers.ea1 ?? 0) + (numbers.ea2 ?? 0)) / 2;
  const performed = numbers.performed ?? true;
  return {
    performanceId,
    group: { id: performanceId * 10, name, location: `${name} town` },
    performed,
    noScoreReason: performed ? '' : 'Weather',
    total: ranked(ge + ea - (numbers.penalty ?? 0), numbers.rank),
    subtotal: ranked(ge + ea, numbers.rank),
    penalty: numbers.penalty ?? 0,
    categories: performed
      ? [
          {
            key: 'ge',
            ...ranked(ge, numbers.ge1 ? numbers.rank : null),
            captions: [
              {
                key: 'ge1',
                ...ranked(ge, numbers.ge1 ? numbers.rank : null),
                subcaptions: numbers.ge1
                  ? [
                      { key: 'rep', ...ranked(numbers.ge1[0], numbers.rank) },
                      { key: 'exc', ...ranked(numbers.ge1[1], numbers.rank) },
                    ]
                  : [],
              },
            ],
          },
          {
            key: 'ea',
            ...ranked(ea, numbers.rank),
            captions: [
              {
                key: 'ea1',
                ...ranked(numbers.ea1 ?? 0, numbers.ea1 === undefined ? null : numbers.rank),
                subcaptions: numbers.ea1 === undefined ? [] : [{ key: 'voc', ...ranked(numbers.ea1, numbers.rank) }],
              },
              {
                key: 'ea2',
                ...ranked(numbers.ea2 ?? 0, numbers.ea2 === undefined ? null : numbers.rank),
                subcaptions: numbers.ea2 === undefined ? [] : [{ key: 'voc', ...ranked(numbers.ea2, numbers.rank) }],
              },
            ],
          },
        ]
      : [],
  };
}

/** Alpha (101) has every caption; Bravo (102) lacks Effect (a draft) and Equipment 2 (nothing); Charlie (103) did not perform. Preview order is by rank. */
export function previewSection(
  overrides: Partial<Schemas['DivisionRoundScores']> = {},
): Schemas['DivisionRoundScores'] {
  return {
    division: DIVISION,
    round: ROUND,
    sheet: SHEET,
    performances: [
      performance(101, 'Alpha HS', { ge1: [15, 16], ea1: 17, ea2: 18, rank: 1 }),
      performance(102, 'Bravo HS', { ea1: 12, rank: 2, penalty: 0.5 }),
      performance(103, 'Charlie HS', { performed: false, rank: 3 }),
    ],
    released: false,
    corrections: [],
    ...overrides,
  };
}

export function progressSection(overrides: Partial<Schemas['SectionProgress']> = {}): Schemas['SectionProgress'] {
  return {
    round: ROUND,
    division: { id: DIVISION.id, name: DIVISION.name },
    performances: 3,
    performed: 2,
    captions: [
      {
        captionKey: 'ge1',
        captionName: 'Effect',
        judge: { firstName: 'Ana', lastName: 'Ruiz', userId: 11 },
        entered: 2,
        submitted: 1,
        missing: [102],
      },
      {
        captionKey: 'ea1',
        captionName: 'Equipment',
        judge: { firstName: 'Bo', lastName: 'Lee', userId: null },
        entered: 2,
        submitted: 2,
        missing: [],
      },
      {
        captionKey: 'ea2',
        captionName: 'Equipment',
        judge: { firstName: 'Cy', lastName: 'Park', userId: 12 },
        entered: 1,
        submitted: 1,
        missing: [102],
      },
    ],
    penalties: [{ performanceId: 102, group: 'Bravo HS', amount: 0.5 }],
    signOff: null,
    released: false,
    corrections: 0,
    readyToRelease: false,
    ...overrides,
  };
}

export function schedule(): Schemas['Schedule'] {
  const entry = (performanceId: number, name: string, order: number) => ({
    performanceId,
    time: `2026-03-28T1${order}:00:00.000Z`,
    order,
    round: ROUND,
    division: DIVISION,
    group: { id: performanceId * 10, name, location: `${name} town` },
  });
  // Running order differs from rank order: Charlie, Bravo, Alpha.
  return {
    competition: { id: COMPETITION_ID, guid: GUID, name: 'Valley Classic', date: '2026-03-28T12:00:00.000Z' },
    data: [entry(103, 'Charlie HS', 1), entry(102, 'Bravo HS', 2), entry(101, 'Alpha HS', 3)],
  };
}

let seq = 0;
/** A performance's audit entry after a write: its entries' state and version and its stored numbers. */
export function auditEntry(
  performanceId: number,
  after: {
    entries: { captionKey: string; state: 'draft' | 'submitted'; version: number }[];
    scores?: { captionKey: string; subcaptionKey: string; score: number }[];
  },
  options: { who?: string; reason?: string | null; before?: unknown; divisionId?: number } = {},
): Schemas['AuditEntry'] {
  seq += 1;
  return {
    seq,
    at: `2026-03-28T15:${String(seq % 60).padStart(2, '0')}:00.000Z`,
    actor: { kind: 'user', id: '5', name: options.who ?? 'Ana Ruiz' },
    action: 'performance.enter-scores',
    resource: { type: 'performance', id: String(performanceId) },
    before: options.before ?? null,
    after: {
      round: 1,
      divisionId: options.divisionId ?? DIVISION.id,
      groupId: performanceId * 10,
      performed: true,
      noScoreReason: '',
      scores: after.scores ?? [],
      penalties: [],
      entries: after.entries,
    },
    reason: options.reason ?? null,
    hash: 'a'.repeat(64),
    previousHash: '0'.repeat(64),
  };
}

export const ME_TABULATOR: Schemas['Me'] = {
  user: { id: 5, email: 'tab@valley.example', firstName: 'Tess', lastName: 'Tab' },
  role: 'tabulator',
  key: { clientId: 'bff', name: 'Web app', readOnly: false },
  organization: { id: 1, guid: '11111111-2222-4333-8444-555555555555', name: 'Valley Winter Circuit' },
  permissions: [
    'read',
    'set-up',
    'enter-scores',
    'enter-penalties',
    'release',
    'read-unreleased',
    'read-audit',
    'read-backups',
    'read-awards',
  ],
  groups: [],
};

export const ME_CHIEF: Schemas['Me'] = {
  ...ME_TABULATOR,
  user: { id: 6, email: 'chief@valley.example', firstName: 'Cato', lastName: 'Chief' },
  role: 'chief-judge',
  permissions: ['read', 'enter-penalties', 'read-unreleased', 'sign-off', 'read-audit', 'read-backups', 'read-awards'],
};

export const ME_JUDGE: Schemas['Me'] = {
  ...ME_TABULATOR,
  user: { id: 7, email: 'ana@valley.example', firstName: 'Ana', lastName: 'Ruiz' },
  role: 'judge',
  permissions: ['read', 'enter-seated-scores'],
};
