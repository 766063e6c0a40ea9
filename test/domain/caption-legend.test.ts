import { describe, expect, it } from 'vitest';
import { captionLegend } from '../../domain/caption-legend.js';
import { knownSheets } from '../../domain/score-sheets/index.js';

describe('the caption legend', () => {
  const legend = captionLegend();

  it('names every caption abbreviation of every known sheet, with each caption it stands for', () => {
    const listed = new Set(
      legend.flatMap(({ captions }) =>
        captions.flatMap(({ abbreviation, meanings }) => meanings.map((meaning) => `${abbreviation}=${meaning}`)),
      ),
    );
    const onSheets = new Set(
      knownSheets.flatMap((sheet) =>
        sheet.categories.flatMap((category) =>
          category.captions.map((caption) => `${caption.initials}=${caption.name}`),
        ),
      ),
    );
    expect([...listed].sort()).toEqual([...onSheets].sort());
    const guard = legend.find(({ groupType }) => groupType.name === 'Color Guard')!;
    expect(guard.captions.find(({ abbreviation }) => abbreviation === 'EA')).toEqual({
      abbreviation: 'EA',
      meanings: ['Equipment Analysis'],
    });
  });

  it('says how each category combines its captions, by kind of group', () => {
    expect(legend.map(({ groupType }) => groupType.name)).toEqual(['Color Guard', 'Percussion', 'Winds', 'Drum Corps']);
    const drumCorps = legend.find(({ groupType }) => groupType.name === 'Drum Corps')!;
    expect(drumCorps.categories.find(({ category }) => category === 'Music')?.rules.map(({ rule }) => rule)).toEqual([
      'sum-half',
    ]);
    const guard = legend.find(({ groupType }) => groupType.name === 'Color Guard')!;
    expect(guard.categories.find(({ category }) => category === 'Equipment')?.rules).toEqual([
      {
        rule: 'average',
        meaning: "the mean of its captions' scores (a doubled panel: two judges score the same caption)",
      },
    ]);
  });
});
