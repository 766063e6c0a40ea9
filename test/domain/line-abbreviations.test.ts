import { describe, expect, it } from 'vitest';
import { LINE_ABBREVIATIONS } from '../../domain/line-abbreviations.js';
import { knownSheets } from '../../domain/score-sheets/index.js';

describe("the meanings of the judges' line abbreviations", () => {
  const onSheets = new Set(
    knownSheets.flatMap((sheet) =>
      sheet.categories.flatMap((category) =>
        category.captions.flatMap((caption) => caption.subcaptions.map((line) => line.initials)),
      ),
    ),
  );

  it('gives a meaning to every line abbreviation of every known sheet, and to nothing else', () => {
    expect([...LINE_ABBREVIATIONS.keys()].sort()).toEqual([...onSheets].sort());
  });

  it('spells each meaning out (not the abbreviation again)', () => {
    for (const [abbreviation, meaning] of LINE_ABBREVIATIONS)
      expect(meaning.length, abbreviation).toBeGreaterThan(abbreviation.length);
    expect(LINE_ABBREVIATIONS.get('Rep')).toBe('Repertoire');
  });
});
