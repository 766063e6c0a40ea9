/**
 * The legend of one recap: each line abbreviation its sheets print with what it stands for, and how each of its
 * categories is made from its captions. From the one catalogue of sheets (domain/score-sheets, with the line
 * meanings of domain/line-abbreviations.ts). A recap does not say which sheet it was scored on (v2 carries names
 * only), so a category's rule is the catalogue's for a category of that name with those captions (names compared
 * as letters and digits: recaps print "Visual - Analysis" where the catalogue says "Visual Analysis"; a caption
 * printed twice where the catalogue has one is a doubled panel, its two judges averaged first, as drum corps majors
 * do), and only when the recap's own numbers agree with it. Where the catalogue has no such category, its readings
 * disagree, or the numbers do not fit, the rule is not known (a recap from a circuit or a panel we have not seen).
 */
import { LINE_ABBREVIATIONS } from '../../../../domain/line-abbreviations';
import { COMBINE_RULE_MEANINGS, type CombineRule } from '../../../../domain/score-sheet';
import { knownSheets } from '../../../../domain/score-sheets/index';
import { lineAbbreviation, RECAP_ABBREVIATIONS } from './recap-model';
import type { DivisionRoundScores, SheetCategory } from './recap-types';

export interface LegendAbbreviation {
  abbreviation: string;
  meaning: string;
  /** more than the expansion says: where the number comes from */
  note?: string;
}

export interface LegendCategory {
  name: string;
  /** one per way the recap's divisions make the category (nearly always one) */
  rules: {
    /** the rule in a reader's words, or null when the catalogue does not know it */
    rule: string | null;
    /** its captions' names, a doubled panel's once */
    captions: string[];
    /** the sections it applies to ("World Class · Finals"), named only when the category has more than one rule */
    sections: string[];
  }[];
}

export interface RecapLegend {
  /** the abbreviations this recap prints that the catalogue knows (each as printed: "Cont / CONT"), the recap's own (Tot, Pen) included, A to Z */
  abbreviations: LegendAbbreviation[];
  /** line abbreviations this recap prints that the catalogue does not know, A to Z */
  unknown: string[];
  /** in the order the recap first prints them */
  categories: LegendCategory[];
}

/** Names as letters and digits only, in lower case: "Visual - Analysis" and "Visual Analysis" are one caption. */
const plain = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

const countsOf = (names: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
};

/** A category of the catalogue: its rule and how many captions of each name it has (two of one name are summed). */
interface CatalogueCategory {
  rule: CombineRule;
  captions: ReadonlyMap<string, number>;
}

/** Every known sheet's categories by name (letters and digits), each way of making one listed once. */
const catalogue: ReadonlyMap<string, readonly CatalogueCategory[]> = (() => {
  const byName = new Map<string, Map<string, CatalogueCategory>>();
  for (const sheet of knownSheets) {
    for (const category of sheet.categories) {
      const captions = countsOf(category.captions.map((caption) => plain(caption.name)));
      const key = JSON.stringify([category.combine, [...captions].sort()]);
      const known = byName.get(plain(category.name)) ?? new Map<string, CatalogueCategory>();
      byName.set(plain(category.name), known.set(key, { rule: category.combine, captions }));
    }
  }
  return new Map([...byName].map(([name, ways]) => [name, [...ways.values()]]));
})();

/** How a category of the recap is scored: the catalogue's rule, over its captions and doubled panels. */
interface Reading {
  rule: CombineRule;
  /** captions scored by two judges (printed twice where the catalogue has one), averaged before the rule applies */
  doubled: ReadonlySet<string>;
}

/** The catalogue's readings of a category: its captions as the catalogue has them, or some (or all) doubled. */
function readingsOf(category: SheetCategory): { exact: Reading[]; doubled: Reading[] } {
  const printed = countsOf(category.captions.map((caption) => plain(caption.name)));
  const exact: Reading[] = [];
  const doubled: Reading[] = [];
  for (const known of catalogue.get(plain(category.name)) ?? []) {
    const names = new Set([...printed.keys(), ...known.captions.keys()]);
    const twice = [...names].filter((name) => printed.get(name) === 2 * (known.captions.get(name) ?? 0));
    const fits = [...names].every((name) => printed.get(name) === known.captions.get(name) || twice.includes(name));
    if (fits) (twice.length === 0 ? exact : doubled).push({ rule: known.rule, doubled: new Set(twice) });
  }
  return { exact, doubled };
}

/** What the rule combines: each caption's score, a doubled panel's two judges as their mean (in print order). */
function units(names: readonly string[], scores: readonly number[], doubled: ReadonlySet<string>): number[] {
  const waiting = new Map<string, number>();
  const result: number[] = [];
  names.forEach((name, i) => {
    const first = waiting.get(name);
    if (first === undefined) {
      if (doubled.has(name)) waiting.set(name, result.length);
      result.push(scores[i]);
    } else {
      result[first] = (result[first] + scores[i]) / 2;
      waiting.delete(name);
    }
  });
  return result;
}

function combined(rule: CombineRule, scores: readonly number[]): number {
  const sum = scores.reduce((total, score) => total + score, 0);
  return rule === 'sum' ? sum : rule === 'average' ? sum / scores.length : sum / 2;
}

/**
 * Whether every performance scored in every caption of the category has the category score the reading makes. Within
 * the rounding of what is printed (each unit and the category, to hundredths on some sheets): a wrong rule is off by
 * whole points (a sum for a halved sum, a sum for a mean).
 */
function numbersFit({ rule, doubled }: Reading, category: SheetCategory, section: DivisionRoundScores): boolean {
  const names = category.captions.map((caption) => plain(caption.name));
  return section.performances.every((performance) => {
    const scored = performance.categories.find((candidate) => candidate.key === category.key);
    const byKey = new Map(scored?.captions.map((caption) => [caption.key, caption.score]));
    const scores = category.captions.map((caption) => byKey.get(caption.key));
    if (!scored || scores.some((score) => score === undefined)) return true;
    const parts = units(names, scores as number[], doubled);
    return Math.abs(combined(rule, parts) - scored.score) <= 0.005 * (parts.length + 1) + 1e-9;
  });
}

function wording({ rule, doubled }: Reading, category: SheetCategory): string {
  const count = category.captions.length - doubled.size;
  // "The sum of its captions' scores" of a single caption is just that caption's score.
  const meaning = rule === 'sum' && count === 1 ? "its one caption's score" : COMBINE_RULE_MEANINGS[rule];
  if (doubled.size === 0) return meaning;
  const panels = [
    ...new Set(category.captions.filter((caption) => doubled.has(plain(caption.name))).map((caption) => caption.name)),
  ];
  return `${panels.join(' and ')}: two judges each, averaged (a doubled panel); then ${meaning}`;
}

/** The rule in a reader's words: the one reading that fits the numbers (the catalogue's own panels first), else null. */
function ruleOf(category: SheetCategory, section: DivisionRoundScores): string | null {
  const { exact, doubled } = readingsOf(category);
  for (const readings of [exact, doubled]) {
    const fitting = new Set(
      readings.filter((reading) => numbersFit(reading, category, section)).map((reading) => wording(reading, category)),
    );
    if (fitting.size === 1) return [...fitting][0];
    if (fitting.size > 1) return null;
  }
  return null;
}

const sectionName = (section: DivisionRoundScores) =>
  section.round.name ? `${section.division.name} · ${section.round.name}` : section.division.name;
// One collator for the whole legend: `localeCompare(b, 'en')` looks its collator up again on every comparison.
const byText = new Intl.Collator('en').compare;

/** The catalogue's line abbreviations by lower case: recaps print "CONT" as well as "Cont". */
const lineMeanings = new Map(
  [...LINE_ABBREVIATIONS].map(([abbreviation, meaning]) => [abbreviation.toLowerCase(), meaning]),
);

export function recapLegend(sections: readonly DivisionRoundScores[]): RecapLegend {
  /** each abbreviation printed, by lower case, with the ways it is printed */
  const printed = new Map<string, Set<string>>();
  const categories = new Map<string, LegendCategory>();
  for (const section of sections) {
    for (const category of section.sheet.categories) {
      for (const caption of category.captions) {
        for (const line of caption.subcaptions) {
          const abbreviation = lineAbbreviation(line);
          printed.set(
            abbreviation.toLowerCase(),
            (printed.get(abbreviation.toLowerCase()) ?? new Set()).add(abbreviation),
          );
        }
      }
      const entry = categories.get(category.name) ?? { name: category.name, rules: [] };
      categories.set(category.name, entry);
      const rule = ruleOf(category, section);
      // A doubled panel's caption once: the rule says which are doubled.
      const captions = [...new Set(category.captions.map((caption) => caption.name))];
      const same = entry.rules.find(
        (candidate) => candidate.rule === rule && JSON.stringify(candidate.captions) === JSON.stringify(captions),
      );
      if (same) same.sections.push(sectionName(section));
      else entry.rules.push({ rule, captions, sections: [sectionName(section)] });
    }
  }
  const spelt = (forms: Set<string>) => [...forms].sort(byText).join(' / ');
  const known = [...printed].flatMap(([key, forms]) =>
    lineMeanings.has(key) ? [{ abbreviation: spelt(forms), meaning: lineMeanings.get(key)! }] : [],
  );
  const own = sections.length > 0 ? Object.values(RECAP_ABBREVIATIONS) : [];
  return {
    abbreviations: [...known, ...own].sort((a, b) => byText(a.abbreviation, b.abbreviation)),
    unknown: [...printed].flatMap(([key, forms]) => (lineMeanings.has(key) ? [] : [spelt(forms)])).sort(byText),
    categories: [...categories.values()].map((category) => ({
      ...category,
      rules: category.rules.map((rule) => ({ ...rule, sections: category.rules.length > 1 ? rule.sections : [] })),
    })),
  };
}
