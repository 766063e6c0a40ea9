import { describe, expect, it } from 'vitest';
import { LINE_ABBREVIATIONS } from '../../../../domain/line-abbreviations';
import { COMBINE_RULE_MEANINGS, type ScoreSheet } from '../../../../domain/score-sheet';
import { drumCorpsSheet, knownSheets, percussionSheet } from '../../../../domain/score-sheets/index';
import { recapLegend } from './recap-legend';
import type { DivisionRoundScores, PerformanceScores, RecapSheet } from './recap-types';

/** A section's sheet as v2 gives it for a recap scored on `sheet` (names and initials as our API presents them). */
function sheetOf(sheet: ScoreSheet): RecapSheet {
  return {
    categories: sheet.categories.map((category) => ({
      key: category.key,
      name: category.name,
      printsTotal: true,
      captions: category.captions.map((caption) => ({
        key: caption.key,
        name: caption.name,
        initials: caption.initials,
        judge: null,
        subcaptions: caption.subcaptions.map((line) => ({ key: line.key, name: line.name, initials: line.initials })),
      })),
    })),
  };
}

const section = (division: string, sheet: RecapSheet, round = 'Finals'): DivisionRoundScores => ({
  division: { id: division.toLowerCase(), name: division, initials: division.slice(0, 2) },
  round: { number: 1, name: round },
  sheet,
  performances: [],
});

describe('the legend of a recap', () => {
  it('spells out every abbreviation a drum corps recap prints, its own Tot and Pen too, and each category rule', () => {
    const legend = recapLegend([section('World Class', sheetOf(drumCorpsSheet))]);
    expect(legend.abbreviations.map(({ abbreviation, meaning }) => `${abbreviation}=${meaning}`)).toEqual([
      'Achv=Achievement',
      'Comp=Composition',
      'Cont=Content',
      'Pen=Timing & Penalties',
      'Perf=Performance',
      'Rep=Repertoire',
      'Tot=Total',
    ]);
    expect(legend.unknown).toEqual([]);
    expect(legend.categories).toEqual([
      {
        name: 'General Effect',
        rules: [
          { rule: "the sum of its captions' scores", captions: ['General Effect 1', 'General Effect 2'], sections: [] },
        ],
      },
      {
        name: 'Visual',
        rules: [
          {
            rule: "the sum of its captions' scores, halved",
            captions: ['Visual Proficiency', 'Visual Analysis', 'Color Guard'],
            sections: [],
          },
        ],
      },
      {
        name: 'Music',
        rules: [
          {
            rule: "the sum of its captions' scores, halved",
            captions: ['Music - Brass', 'Music - Analysis', 'Music - Percussion'],
            sections: [],
          },
        ],
      },
    ]);
  });

  it('knows the rule of every category of every known sheet, as that sheet states it', () => {
    for (const sheet of knownSheets) {
      const legend = recapLegend([section('Any', sheetOf(sheet))]);
      for (const category of sheet.categories) {
        const [found] = legend.categories.find(({ name }) => name === category.name)!.rules;
        const single = category.combine === 'sum' && category.captions.length === 1;
        expect(found.rule, `${sheet.name}: ${category.name}`).toBe(
          single ? "its one caption's score" : COMBINE_RULE_MEANINGS[category.combine],
        );
      }
      expect(
        legend.abbreviations.every(
          ({ abbreviation }) => LINE_ABBREVIATIONS.has(abbreviation) || ['Tot', 'Pen'].includes(abbreviation),
        ),
      ).toBe(true);
      expect(legend.unknown, sheet.name).toEqual([]);
    }
  });

  it('says plainly when a sheet is not in the catalogue: its abbreviations are listed as unknown and its rule is not known', () => {
    const foreign: RecapSheet = {
      categories: [
        // A known category name with three judges: no sheet in the catalogue has that panel.
        {
          key: 'ge',
          name: 'General Effect',
          printsTotal: true,
          captions: [1, 2, 3].map((n) => ({
            key: `ge${n}`,
            name: 'General Effect',
            initials: `GE${n}`,
            judge: null,
            subcaptions: [{ key: 'rep', name: 'Rep', initials: 'Rep' }],
          })),
        },
        {
          key: 'ens',
          name: 'Ensemble',
          printsTotal: false,
          captions: [
            {
              key: 'ens',
              name: 'Ensemble',
              initials: 'ENS',
              judge: null,
              subcaptions: [{ key: 'blend', name: 'Blend', initials: '' }],
            },
          ],
        },
      ],
    };
    const legend = recapLegend([section('Open', foreign)]);
    expect(legend.unknown).toEqual(['Blend']);
    expect(legend.abbreviations.map(({ abbreviation }) => abbreviation)).toEqual(['Pen', 'Rep', 'Tot']);
    expect(legend.categories.map(({ name, rules }) => [name, rules.map(({ rule }) => rule)])).toEqual([
      ['General Effect', [null]],
      ['Ensemble', [null]],
    ]);
  });

  it('names the sections where one category name is scored two ways on one recap', () => {
    const legend = recapLegend([
      section('World Class', sheetOf(drumCorpsSheet)),
      section('Open Class', sheetOf(drumCorpsSheet)),
      section('PSO', sheetOf(percussionSheet), ''),
    ]);
    expect(
      legend.categories.find(({ name }) => name === 'Visual')!.rules.map(({ rule, sections }) => [rule, sections]),
    ).toEqual([
      ["the sum of its captions' scores, halved", ['World Class · Finals', 'Open Class · Finals']],
      ["its one caption's score", ['PSO']],
    ]);
    // One way on every section: no sections named.
    expect(legend.categories.find(({ name }) => name === 'General Effect')!.rules[0].sections).toEqual([]);
  });

  it('knows a caption by its letters and digits, as recaps print it ("Visual - Analysis")', () => {
    const sheet = sheetOf(drumCorpsSheet);
    const visual = sheet.categories.find(({ name }) => name === 'Visual')!;
    visual.captions = visual.captions.map((caption) =>
      caption.name === 'Visual Analysis' ? { ...caption, name: 'Visual - Analysis' } : caption,
    );
    const legend = recapLegend([section('World Class', sheet)]);
    expect(legend.categories.find(({ name }) => name === 'Visual')!.rules[0].rule).toBe(
      "the sum of its captions' scores, halved",
    );
  });

  it("trusts the catalogue's rule only where the recap's numbers agree with it", () => {
    const visualOf = (category: number, captions: number[]): PerformanceScores =>
      ({
        performanceId: `p-${category}`,
        performed: true,
        categories: [
          {
            key: 'visual',
            score: category,
            rank: 1,
            captions: captions.map((score, k) => ({ key: ['vp', 'va', 'cg'][k], score, rank: 1, subcaptions: [] })),
          },
        ],
      }) as unknown as PerformanceScores;
    const ruleFor = (category: number) => {
      const world = { ...section('World Class', sheetOf(drumCorpsSheet)), performances: [visualOf(24, [17, 16, 15])] };
      world.performances.push(visualOf(category, [16, 16, 16]));
      return recapLegend([world]).categories.find(({ name }) => name === 'Visual')!.rules[0].rule;
    };
    expect(ruleFor(24)).toBe("the sum of its captions' scores, halved");
    // Summed, not halved: not the sheet the catalogue knows by these names.
    expect(ruleFor(48)).toBeNull();
  });

  it('reads a caption printed twice as a doubled panel, averaged before the rule, where the numbers agree', () => {
    // Bluecoats at DCI Southwestern 2026 (test/fixtures/recaps/1b5402fa...): both General Effect captions doubled,
    // one Music caption doubled; printed to hundredths.
    const sheet = sheetOf(drumCorpsSheet);
    const ge = sheet.categories.find(({ name }) => name === 'General Effect')!;
    const music = sheet.categories.find(({ name }) => name === 'Music')!;
    const [ge1, ge2] = ge.captions;
    ge.captions = [ge1, { ...ge1, key: 'ge1-2' }, ge2, { ...ge2, key: 'ge2-2' }];
    const [brass, analysis, percussion] = music.captions;
    music.captions = [brass, analysis, { ...analysis, key: 'man-2' }, percussion];
    const scored = (key: string, score: number, captions: [string, number][]) => ({
      key,
      score,
      rank: 1,
      captions: captions.map(([caption, value]) => ({ key: caption, score: value, rank: 1, subcaptions: [] })),
    });
    const bluecoats = (geScore: number, musicScore: number) =>
      ({
        performanceId: 'p',
        performed: true,
        categories: [
          scored('general-effect', geScore, [
            ['ge1', 18.55],
            ['ge1-2', 18.6],
            ['ge2', 18.2],
            ['ge2-2', 18.8],
          ]),
          scored('music', musicScore, [
            ['mb', 18.9],
            ['man', 18.3],
            ['man-2', 18.6],
            ['mp', 18.9],
          ]),
        ],
      }) as unknown as PerformanceScores;
    const rulesFor = (geScore: number, musicScore: number) => {
      const legend = recapLegend([
        { ...section('World Class', sheet), performances: [bluecoats(geScore, musicScore)] },
      ]);
      return ['General Effect', 'Music'].map(
        (category) => legend.categories.find(({ name }) => name === category)!.rules[0].rule,
      );
    };
    expect(rulesFor(37.08, 28.13)).toEqual([
      "General Effect 1 and General Effect 2: two judges each, averaged (a doubled panel); then the sum of its captions' scores",
      "Music - Analysis: two judges each, averaged (a doubled panel); then the sum of its captions' scores, halved",
    ]);
    // Numbers no reading makes (every caption summed): not known.
    expect(rulesFor(74.15, 74.7)).toEqual([null, null]);
  });

  it('knows an abbreviation in any case, listing each way the recap prints it', () => {
    const sheet = sheetOf(drumCorpsSheet);
    const guard = sheet.categories
      .find(({ name }) => name === 'Visual')!
      .captions.find(({ name }) => name === 'Color Guard')!;
    guard.subcaptions = guard.subcaptions.map((line) => ({ ...line, initials: line.initials.toUpperCase() }));
    const legend = recapLegend([section('World Class', sheet)]);
    expect(legend.unknown).toEqual([]);
    expect(legend.abbreviations.filter(({ meaning }) => meaning === 'Content')).toEqual([
      { abbreviation: 'Cont / CONT', meaning: 'Content' },
    ]);
  });

  it('is empty for a recap with no sections', () => {
    expect(recapLegend([])).toEqual({ abbreviations: [], unknown: [], categories: [] });
  });
});
