/**
 * The score sheet builder's model: a sheet as the page edits it (every number kept as typed, so a refused save
 * loses nothing), its maximum total, and its conversion to and from the API's `sheet` shape (ScoreSheetInput of
 * POST /divisions/, read back by GET /divisions/{id}/sheet). The maximum follows the API's tabulation
 * (server/api/tabulation/tabulate.ts): a caption's total is its lines' maxima times their weights, captions sharing
 * a panel are averaged, a category combines its captions by its rule, the Sub Total is the categories' sum times
 * the sheet's scale, and the Total is that over its divisor.
 */
import type { components } from '../../../lib/api-types';

export type ScoreSheetInput = components['schemas']['ScoreSheetInput'];
export type ScoreSheet = components['schemas']['ScoreSheet'];
export type CombineRule = ScoreSheet['categories'][number]['combine'];

export const COMBINE_CHOICES: readonly { rule: CombineRule; label: string }[] = [
  { rule: 'sum', label: 'Sum of its captions' },
  { rule: 'average', label: 'Average of its captions' },
  { rule: 'sum-half', label: 'Sum of its captions, halved' },
];

export interface LineDraft {
  id: string;
  /** the key of a line read back, kept so that seats and scores keep pointing at it; new lines get one from the name */
  key?: string;
  name: string;
  initials: string;
  max: string;
  step: string;
  weight: string;
}

export interface CaptionDraft {
  id: string;
  key?: string;
  name: string;
  initials: string;
  /** kept from a sheet read back (a doubled panel's key); the builder does not edit it */
  panel: string | null;
  lines: LineDraft[];
}

export interface CategoryDraft {
  id: string;
  key?: string;
  name: string;
  combine: CombineRule;
  captions: CaptionDraft[];
}

export interface SheetDraft {
  name: string;
  categories: CategoryDraft[];
  /** the rules the builder does not edit, kept from a sheet read back so that saving it again tabulates the same */
  rules?: Pick<ScoreSheet, 'rounding' | 'publishedDigits' | 'subtotalScale' | 'totalDivisor'>;
}

let counter = 0;
/** A draft row's React key: never sent, never derived from what is typed. */
export const draftId = () => `d${++counter}`;

export const newLine = (name = '', max = '20'): LineDraft => ({
  id: draftId(),
  name,
  initials: '',
  max,
  step: '0.1',
  weight: '1',
});

export const newCaption = (name = ''): CaptionDraft => ({
  id: draftId(),
  name,
  initials: '',
  panel: null,
  lines: [newLine()],
});

export const newCategory = (name = ''): CategoryDraft => ({
  id: draftId(),
  name,
  combine: 'sum',
  captions: [newCaption()],
});

export const newSheet = (name = ''): SheetDraft => ({ name, categories: [newCategory()] });

/** A typed number, or NaN when it is not one (empty included). */
export function parseNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Rounded half up to `digits`, as every published number is. */
export function roundTo(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

const combine = (rule: CombineRule, scores: number[]) => {
  const sum = scores.reduce((total, score) => total + score, 0);
  if (rule === 'average') return scores.length === 0 ? 0 : sum / scores.length;
  return rule === 'sum-half' ? sum / 2 : sum;
};

/** What a sheet's maximum is made of: the API's sheets (read or sent) and the builder's all have it. */
export interface MaximumOf {
  subtotalScale?: number;
  totalDivisor?: number;
  categories: readonly {
    combine: CombineRule;
    captions: readonly { panel?: string | null; subcaptions: readonly { max: number; weight: number }[] }[];
  }[];
}

/** The highest total a performance can reach on a sheet in the API's shape (catalogue or built). */
export function sheetMaximum(sheet: MaximumOf): number {
  const categories = sheet.categories.map((category) => {
    const captionMax = category.captions.map((caption) =>
      caption.subcaptions.reduce((total, line) => total + line.max * line.weight, 0),
    );
    const panels: string[] = [];
    for (const caption of category.captions)
      if (caption.panel != null && !panels.includes(caption.panel)) panels.push(caption.panel);
    const units = [
      ...panels.map((panel) => {
        const inPanel = captionMax.filter((_, k) => category.captions[k].panel === panel);
        return inPanel.reduce((total, score) => total + score, 0) / inPanel.length;
      }),
      ...captionMax.filter((_, k) => category.captions[k].panel == null),
    ];
    return combine(category.combine, units);
  });
  const subtotal = categories.reduce((total, score) => total + score, 0) * (sheet.subtotalScale ?? 1);
  return subtotal / (sheet.totalDivisor || 1);
}

/** Each caption's and category's maximum as drafted (lines whose numbers are not numbers count nothing). */
export function draftMaximum(draft: SheetDraft): number {
  const finite = (text: string) => {
    const value = parseNumber(text);
    return Number.isFinite(value) ? value : 0;
  };
  return sheetMaximum({
    subtotalScale: draft.rules?.subtotalScale,
    totalDivisor: draft.rules?.totalDivisor,
    categories: draft.categories.map((category) => ({
      combine: category.combine,
      captions: category.captions.map((caption) => ({
        panel: caption.panel,
        subcaptions: caption.lines.map((line) => ({ max: finite(line.max), weight: finite(line.weight) })),
      })),
    })),
  });
}

/** A caption's maximum as drafted (shown beside it). */
export const captionMaximum = (caption: CaptionDraft) =>
  draftMaximum({
    name: '',
    categories: [{ id: '', name: '', combine: 'sum', captions: [{ ...caption, panel: null }] }],
  });

/**
 * A key from a name, as the API's keys must be (letters, digits, `-` and `_`, at most 50), different from every key
 * in `taken`: "General Effect" is `general-effect`, a second one `general-effect-2`.
 */
export function keyFrom(name: string, fallback: string, taken: Set<string>, kept?: string): string {
  // a kept key is in `taken` already (reserved before any new key is made, so no new one can take it)
  if (kept) return kept;
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || fallback;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

/** Initials from a name where none were typed: "General Effect" is "GE", "Repertoire" is "Rep". */
export function initialsFrom(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0].slice(0, 3);
  return words
    .map((word) => word[0].toUpperCase())
    .join('')
    .slice(0, 20);
}

/** The field names the API uses for a place in the sheet, so its refusals and ours land on the same input. */
export const sheetField = {
  name: 'sheet.name',
  category: (c: number) => `sheet.categories[${c}]`,
  caption: (c: number, k: number) => `sheet.categories[${c}].captions[${k}]`,
  line: (c: number, k: number, s: number) => `sheet.categories[${c}].captions[${k}].subcaptions[${s}]`,
};

/** An API field name in one form: zod's `sheet.categories.0.name` and the rules' `sheet.categories[0].name` alike. */
export const normalField = (name: string) => name.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

export type SheetResult = { ok: true; sheet: ScoreSheetInput } | { ok: false; errors: Map<string, string> };

/**
 * The draft in the API's shape, or what must be fixed first, each message on its field. Only what the page can
 * tell for sure is checked here (names given, numbers that are numbers, a step that divides the maximum); the API
 * checks everything again and its refusal names the same fields.
 */
export function toSheetInput(draft: SheetDraft): SheetResult {
  const errors = new Map<string, string>();
  const need = (field: string, text: string, what: string) => {
    if (text.trim() === '') errors.set(field, `Give the ${what} a name.`);
  };
  need(sheetField.name, draft.name, 'sheet');
  if (draft.categories.length === 0) errors.set('sheet.categories', 'Add at least one category.');
  const kept = (keys: (string | undefined)[]) => new Set(keys.filter((key): key is string => Boolean(key)));
  const categoryKeys = kept(draft.categories.map((category) => category.key));
  const captionKeys = kept(draft.categories.flatMap((category) => category.captions.map((caption) => caption.key)));
  const categories = draft.categories.map((category, c) => {
    need(`${sheetField.category(c)}.name`, category.name, 'category');
    if (category.captions.length === 0) errors.set(`${sheetField.category(c)}.captions`, 'Add at least one caption.');
    return {
      key: keyFrom(category.name, `category-${c + 1}`, categoryKeys, category.key),
      name: category.name.trim(),
      combine: category.combine,
      captions: category.captions.map((caption, k) => {
        need(`${sheetField.caption(c, k)}.name`, caption.name, 'caption');
        if (caption.lines.length === 0)
          errors.set(`${sheetField.caption(c, k)}.subcaptions`, 'Add at least one subcaption.');
        const lineKeys = kept(caption.lines.map((line) => line.key));
        return {
          key: keyFrom(caption.name, `caption-${c + 1}-${k + 1}`, captionKeys, caption.key),
          name: caption.name.trim(),
          initials: caption.initials.trim() || initialsFrom(caption.name),
          // `weighted` is left to the API: whether the lines' weights differ, as the catalogue's sheets have it
          ...(caption.panel === null ? {} : { panel: caption.panel }),
          subcaptions: caption.lines.map((line, s) => {
            const at = sheetField.line(c, k, s);
            need(`${at}.name`, line.name, 'subcaption');
            const max = parseNumber(line.max);
            const step = parseNumber(line.step);
            const weight = parseNumber(line.weight);
            if (!(max > 0)) errors.set(`${at}.max`, 'The maximum must be a number above 0.');
            if (!(step > 0)) errors.set(`${at}.step`, 'The step must be a number above 0 (0.1 for tenths).');
            else if (max > 0 && Math.abs(Math.round(max / step) * step - max) > 1e-9)
              errors.set(`${at}.step`, `A step of ${step} does not reach the maximum ${max} exactly.`);
            if (!(weight > 0)) errors.set(`${at}.weight`, 'The weight must be a number above 0 (1 when unsure).');
            return {
              key: keyFrom(line.name, `line-${s + 1}`, lineKeys, line.key),
              name: line.name.trim(),
              initials: line.initials.trim() || initialsFrom(line.name),
              max,
              step,
              weight,
            };
          }),
        };
      }),
    };
  });
  if (errors.size > 0) return { ok: false, errors };
  const rules = draft.rules ?? {};
  return { ok: true, sheet: { name: draft.name.trim(), ...rules, categories } };
}

/** A sheet read back (a division's or the catalogue's) as a draft to edit or start from. */
export function draftFromSheet(sheet: ScoreSheet, name = sheet.name): SheetDraft {
  return {
    name,
    rules: {
      rounding: sheet.rounding,
      publishedDigits: sheet.publishedDigits,
      subtotalScale: sheet.subtotalScale,
      totalDivisor: sheet.totalDivisor,
    },
    categories: sheet.categories.map((category) => ({
      id: draftId(),
      key: category.key,
      name: category.name,
      combine: category.combine,
      captions: category.captions.map((caption) => ({
        id: draftId(),
        key: caption.key,
        name: caption.name,
        initials: caption.initials,
        panel: caption.panel,
        lines: caption.subcaptions.map((line) => ({
          id: draftId(),
          key: line.key,
          name: line.name,
          initials: line.initials,
          max: String(line.max),
          step: String(line.step),
          weight: String(line.weight),
        })),
      })),
    })),
  };
}

const judges = (count: number) => `${count} judge${count === 1 ? '' : 's'}`;

/**
 * A category of a sheet in a line of the catalogue's preview: how many judges it takes, and what they judge where
 * that is not the category's own name ("General Effect: 2 judges"; "Music: 2 judges (Brass, Percussion)"), never the
 * same caption name once per judge.
 */
export function categorySummary(category: { name: string; captions: readonly { name: string }[] }): string {
  const counts = new Map<string, number>();
  for (const caption of category.captions) counts.set(caption.name, (counts.get(caption.name) ?? 0) + 1);
  const names = [...counts].filter(([name]) => name !== category.name || counts.size > 1);
  const what = names.map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
  return `${category.name}: ${judges(category.captions.length)}${what ? ` (${what})` : ''}`;
}
