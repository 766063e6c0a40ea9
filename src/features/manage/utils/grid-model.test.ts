import { describe, expect, it } from 'vitest';
import { auditEntry, previewSection, progressSection, schedule } from '../../../test/console-fixtures';
import { buildGrid, namesakeNumbers } from './grid-model';

const states = (grid: ReturnType<typeof buildGrid>) =>
  grid[0].rows.map((row) => `${row.group}: ${row.cells.map((cell) => `${cell.captionKey}=${cell.state}`).join(' ')}`);

describe('the console grid model', () => {
  it('has a row per performance in running order and a column per caption, each judge of a doubled panel apart', () => {
    const [section] = buildGrid({
      progress: [progressSection()],
      preview: [previewSection()],
      schedule: schedule(),
      audit: [],
    });
    expect(section.rows.map((row) => row.group)).toEqual(['Charlie HS', 'Bravo HS', 'Alpha HS']);
    expect(
      section.columns.map((column) => [column.captionKey, column.categoryName, column.panelSeat, column.judge]),
    ).toEqual([
      ['ge1', 'General Effect', null, 'Ana Ruiz'],
      ['ea1', 'Equipment Analysis', 1, 'Bo Lee'],
      ['ea2', 'Equipment Analysis', 2, 'Cy Park'],
    ]);
    expect(section.columns[0].subcaptions.map((line) => [line.key, line.max])).toEqual([
      ['rep', 20],
      ['exc', 20],
    ]);
  });

  it('numbers captions that share a name, panel or not (General Effect judged twice), and no other', () => {
    expect([
      ...namesakeNumbers([
        { key: 'ea', name: 'Equipment Analysis' },
        { key: 'ge1', name: 'General Effect' },
        { key: 'ma', name: 'Movement Analysis' },
        { key: 'ge2', name: 'General Effect' },
      ]),
    ]).toEqual([
      ['ge1', 1],
      ['ge2', 2],
    ]);
  });

  it('tells empty, draft, submitted, corrected and did not perform apart', () => {
    const grid = buildGrid({
      progress: [progressSection()],
      preview: [
        previewSection({
          corrections: [
            {
              at: '2026-03-28T16:00:00.000Z',
              reason: 'Wrong sheet',
              performanceId: 101,
              captionKey: 'ea2',
              before: { scores: [{ subcaptionKey: 'voc', score: 17 }] },
              after: { scores: [{ subcaptionKey: 'voc', score: 18 }] },
            },
          ],
        }),
      ],
      schedule: schedule(),
      // Bravo's Effect judge saved a draft; nobody has touched Bravo's second Equipment.
      audit: [
        auditEntry(102, {
          entries: [
            { captionKey: 'ge1', state: 'draft', version: 2 },
            { captionKey: 'ea1', state: 'submitted', version: 1 },
          ],
        }),
      ],
    });
    expect(states(grid)).toEqual([
      'Charlie HS: ge1=not-performed ea1=not-performed ea2=not-performed',
      'Bravo HS: ge1=draft ea1=submitted ea2=empty',
      'Alpha HS: ge1=submitted ea1=submitted ea2=corrected',
    ]);
    const alpha = grid[0].rows[2];
    expect(alpha.cells.map((cell) => cell.score)).toEqual([31, 17, 18]);
    expect(alpha.cells[0].scores).toEqual([
      { subcaptionKey: 'rep', score: 15 },
      { subcaptionKey: 'exc', score: 16 },
    ]);
    const bravo = grid[0].rows[1];
    expect(bravo.cells[0]).toMatchObject({ state: 'draft', score: null, version: 2 });
    expect(bravo.cells[2]).toMatchObject({ state: 'empty', scores: [], version: 0 });
    expect(bravo.penalty).toBe(0.5);
    // An entry the trail has never seen (imported before versions were kept) sends no baseVersion.
    expect(alpha.cells[0].version).toBeNull();
    expect([grid[0].submitted, grid[0].needed]).toEqual([4, 6]);
  });

  it('takes each entry state and version from the latest write in the trail, and a draft its typed numbers', () => {
    const audit = [
      auditEntry(102, { entries: [{ captionKey: 'ge1', state: 'draft', version: 1 }] }),
      auditEntry(102, {
        entries: [{ captionKey: 'ge1', state: 'draft', version: 3 }],
        scores: [{ captionKey: 'ge1', subcaptionKey: 'rep', score: 14.5 }],
      }),
    ];
    // Given out of order: the model orders the trail by seq itself.
    const [section] = buildGrid({
      progress: [progressSection()],
      preview: [previewSection()],
      schedule: schedule(),
      audit: audit.reverse(),
    });
    expect(section.rows[1].cells[0]).toMatchObject({
      state: 'draft',
      version: 3,
      scores: [{ subcaptionKey: 'rep', score: 14.5 }],
    });
  });

  it('counts a performance not yet scored as performed: the preview says not, progress lists what it lacks', () => {
    const preview = previewSection();
    preview.performances[1] = { ...preview.performances[1], performed: false, categories: [] };
    const progress = progressSection();
    progress.captions = progress.captions.map((caption) => ({ ...caption, missing: [102] }));
    const [section] = buildGrid({ progress: [progress], preview: [preview], schedule: schedule(), audit: [] });
    expect(section.rows[1]).toMatchObject({ group: 'Bravo HS', performed: true });
    expect(section.rows[1].cells.map((cell) => cell.state)).toEqual(['empty', 'empty', 'empty']);
    expect(section.rows[0].performed).toBe(false);
  });

  it('lists a performance the schedule does not know yet last, and works without a schedule', () => {
    const known = schedule();
    known.data = known.data.filter((entry) => entry.performanceId !== 101);
    const [section] = buildGrid({
      progress: [progressSection()],
      preview: [previewSection()],
      schedule: known,
      audit: [],
    });
    expect(section.rows.map((row) => [row.group, row.order])).toEqual([
      ['Charlie HS', 1],
      ['Bravo HS', 2],
      ['Alpha HS', 3],
    ]);
    const [unscheduled] = buildGrid({
      progress: [progressSection()],
      preview: [previewSection()],
      schedule: null,
      audit: [],
    });
    expect(unscheduled.rows.map((row) => row.group)).toEqual(['Alpha HS', 'Bravo HS', 'Charlie HS']);
  });

  it('carries the section review: sign-off, released, ready', () => {
    const signOff = { by: { kind: 'user' as const, id: '6', name: 'Cato Chief' }, at: '2026-03-28T17:00:00.000Z' };
    const [section] = buildGrid({
      progress: [progressSection({ signOff, released: true, readyToRelease: true, corrections: 2 })],
      preview: [previewSection({ released: true })],
      schedule: schedule(),
      audit: [],
    });
    expect(section).toMatchObject({ key: 'd3-r1', signOff, released: true, readyToRelease: true, corrections: 2 });
  });
});
