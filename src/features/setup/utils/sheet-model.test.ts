import { describe, expect, it } from 'vitest';
import {
  categorySummary,
  captionMaximum,
  draftFromSheet,
  draftMaximum,
  keyFrom,
  newCaption,
  newLine,
  newSheet,
  normalField,
  sheetMaximum,
  toSheetInput,
  type CaptionDraft,
  type ScoreSheet,
  type SheetDraft,
} from './sheet-model';

const line = (name: string, max: string, weight = '1', step = '0.1') => ({ ...newLine(name, max), step, weight });
const caption = (name: string, lines: ReturnType<typeof line>[], initials = ''): CaptionDraft => ({
  ...newCaption(name),
  initials,
  lines,
});

/** A built sheet: General Effect of two captions summed, Visual averaged over two, Music halved. */
function built(): SheetDraft {
  return {
    name: 'Our Guard Sheet',
    categories: [
      {
        id: 'a',
        name: 'General Effect',
        combine: 'sum',
        captions: [
          caption('GE Rep', [line('Repertoire', '10'), line('Performance', '10')]),
          caption('GE Perf', [line('Excellence', '20')]),
        ],
      },
      {
        id: 'b',
        name: 'Visual',
        combine: 'average',
        captions: [caption('Visual 1', [line('Comp', '30')]), caption('Visual 2', [line('Comp', '20')])],
      },
      {
        id: 'c',
        name: 'Music',
        combine: 'sum-half',
        captions: [caption('Music', [line('Musicality', '100', '0.3', '0.5')])],
      },
    ],
  };
}

describe('the sheet builder model', () => {
  it('works out the maximum total by each category’s combine rule', () => {
    // GE: 10 + 10 + 20 = 40; Visual: mean of 30 and 20 = 25; Music: 100 x 0.3 halved = 15
    expect(draftMaximum(built())).toBe(80);
    expect(captionMaximum(built().categories[2].captions[0])).toBe(30);
  });

  it('updates the maximum as a line changes, counting a line that is not a number as nothing', () => {
    const draft = built();
    draft.categories[0].captions[1].lines[0].max = '25';
    expect(draftMaximum(draft)).toBe(85);
    draft.categories[0].captions[1].lines[0].max = 'abc';
    expect(draftMaximum(draft)).toBe(60);
  });

  it('averages a doubled panel before the combine rule, then scales and divides the Sub Total', () => {
    const sheet = {
      subtotalScale: 1.25,
      totalDivisor: 2,
      categories: [
        {
          combine: 'sum' as const,
          captions: [
            { panel: 'ge', subcaptions: [{ max: 20, weight: 1 }] },
            { panel: 'ge', subcaptions: [{ max: 10, weight: 1 }] },
            { panel: null, subcaptions: [{ max: 40, weight: 0.5 }] },
          ],
        },
      ],
    };
    // panel (20 + 10) / 2 = 15, plus 20: 35; x 1.25 = 43.75; / 2 = 21.875
    expect(sheetMaximum(sheet)).toBe(21.875);
  });

  it('converts a draft to the API’s sheet shape with keys and initials from the names', () => {
    const result = toSheetInput(built());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sheet.name).toBe('Our Guard Sheet');
    expect(result.sheet.categories.map((category) => [category.key, category.combine])).toEqual([
      ['general-effect', 'sum'],
      ['visual', 'average'],
      ['music', 'sum-half'],
    ]);
    expect(result.sheet.categories[0].captions[0]).toEqual({
      key: 'ge-rep',
      name: 'GE Rep',
      initials: 'GR',
      subcaptions: [
        { key: 'repertoire', name: 'Repertoire', initials: 'Rep', max: 10, step: 0.1, weight: 1 },
        { key: 'performance', name: 'Performance', initials: 'Per', max: 10, step: 0.1, weight: 1 },
      ],
    });
    // the same line name in two captions is one key in each; caption keys differ across the sheet
    expect(result.sheet.categories[1].captions.map((c) => [c.key, c.subcaptions[0].key])).toEqual([
      ['visual-1', 'comp'],
      ['visual-2', 'comp'],
    ]);
    expect(result.sheet.categories[2].captions[0].subcaptions[0]).toMatchObject({ max: 100, step: 0.5, weight: 0.3 });
  });

  it('refuses what cannot be scored, each message at the field the API would name', () => {
    const draft = built();
    draft.name = ' ';
    draft.categories[0].captions[0].lines[0].max = '0';
    draft.categories[0].captions[0].lines[1].step = '0.3';
    draft.categories[1].captions[0].lines[0].weight = '';
    draft.categories[2].name = '';
    const result = toSheetInput(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...result.errors.keys()].sort()).toEqual([
      'sheet.categories[0].captions[0].subcaptions[0].max',
      'sheet.categories[0].captions[0].subcaptions[1].step',
      'sheet.categories[1].captions[0].subcaptions[0].weight',
      'sheet.categories[2].name',
      'sheet.name',
    ]);
    expect(result.errors.get('sheet.categories[0].captions[0].subcaptions[1].step')).toMatch(/0.3 does not reach/);
  });

  it('needs a category, a caption and a line', () => {
    const empty = { ...newSheet('S'), categories: [] };
    const result = toSheetInput(empty);
    expect(result.ok ? null : result.errors.get('sheet.categories')).toMatch(/at least one category/);
  });

  it('keeps a sheet read back the same when saved again: keys, panels and rules', () => {
    const read: ScoreSheet = {
      name: 'Drum Corps',
      rounding: 'carry-exact',
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
              key: 'ge1a',
              name: 'GE 1',
              initials: 'GE1',
              weighted: false,
              panel: 'ge1',
              subcaptions: [{ key: 'rep', name: 'Rep', initials: 'Rep', max: 20, step: 0.05, weight: 1 }],
            },
            {
              key: 'ge1b',
              name: 'GE 1',
              initials: 'GE1',
              weighted: false,
              panel: 'ge1',
              subcaptions: [{ key: 'rep', name: 'Rep', initials: 'Rep', max: 20, step: 0.05, weight: 1 }],
            },
          ],
        },
      ],
    };
    const draft = draftFromSheet(read);
    const result = toSheetInput(draft);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.sheet).toEqual({
      ...read,
      categories: read.categories.map((category) => ({
        ...category,
        captions: category.captions.map(({ weighted: _weighted, ...rest }) => rest),
      })),
    });
    expect(draftMaximum(draft)).toBe(20);
  });

  it('makes a key from a name that differs from every key taken, and keeps a kept one', () => {
    const taken = new Set(['general-effect']);
    expect(keyFrom('General Effect', 'c1', taken)).toBe('general-effect-2');
    expect(keyFrom('  ', 'caption-1', taken)).toBe('caption-1');
    expect(keyFrom('Ensemble!', 'x', taken, 'ens')).toBe('ens');
  });

  it('reads zod’s and the sheet rules’ field names as one', () => {
    expect(normalField('sheet.categories.0.captions.1.subcaptions.2.max')).toBe(
      'sheet.categories[0].captions[1].subcaptions[2].max',
    );
    expect(normalField('sheet.categories[0].name')).toBe('sheet.categories[0].name');
  });

  it('sums up a category for the catalogue’s preview by its judges, never one caption name per judge', () => {
    const ge = { name: 'General Effect', captions: [{ name: 'General Effect' }, { name: 'General Effect' }] };
    expect(categorySummary(ge)).toBe('General Effect: 2 judges');
    expect(categorySummary({ name: 'Equipment Analysis', captions: [{ name: 'Equipment Analysis' }] })).toBe(
      'Equipment Analysis: 1 judge',
    );
    const music = { name: 'Music', captions: [{ name: 'Brass' }, { name: 'Percussion' }, { name: 'Percussion' }] };
    expect(categorySummary(music)).toBe('Music: 3 judges (Brass, Percussion ×2)');
    const mixed = { name: 'Visual', captions: [{ name: 'Visual' }, { name: 'Color Guard' }] };
    expect(categorySummary(mixed)).toBe('Visual: 2 judges (Visual, Color Guard)');
  });
});
