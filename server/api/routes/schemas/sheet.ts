/**
 * A score sheet as the API answers it (a section's `sheet` in GET /competitions/{id}/scores, GET /divisions/{id}/sheet,
 * GET /score-sheets/) and as a division's own sheet is sent (POST /divisions/). One shape both ways, so a sheet read
 * from one competition can be sent as it is to create a division in another organization (docs/decisions/078).
 *
 * The input schema checks shape and bounds only (400 naming the field). Whether the sheet can be scored (a caption
 * in every category, maxima above 0 and a whole number of steps, keys used once) is the repository's rule
 * (db/repositories/sheet-rules.ts: 422 naming the field), so a client hears the rule, not a schema's wording.
 */
import { z } from '@hono/zod-openapi';
import { COMBINE_RULES, ROUNDING_RULES } from '../../tabulation/types.js';
import { Decimal, Int, Text } from './scalars.js';
import type { RecapLayout as DomainRecapLayout } from '../../../../domain/score-sheet.js';

const Judge = z.object({ firstName: z.string(), lastName: z.string() });

const LAYOUT_DESCRIPTION =
  'how the published recap prints this sheet where it departs from the usual layout (decision 113): absent, the ' +
  'usual (a Sub Total, one "Pen" penalty column, a category\'s total where it holds several captions, every ' +
  "caption's total, a location column where some group has a location); an imported sheet keeps its page's";

/** The published recap's layout of a sheet (domain/score-sheet.ts `RecapLayout`), as answered. */
const RecapLayout = z
  .object({
    subtotal: z.boolean().optional().openapi({ description: 'false: no Sub Total column' }),
    penalties: z
      .array(z.array(z.string()))
      .optional()
      .openapi({
        description:
          'the penalty blocks, one per penalty judge, each its column headers left to right ([["Pen"]]; ' +
          '[["Pen", "Tot"]]; [["Pen"], ["Pen"]] for two judges); [] prints none',
      }),
    categoryTotals: z
      .array(z.boolean())
      .optional()
      .openapi({ description: 'per category, whether its own total column is printed' }),
    untotalled: z
      .array(z.string())
      .optional()
      .openapi({ description: 'keys of one-line captions printed without a total column' }),
    locations: z.boolean().optional().openapi({ description: 'whether the grid has a location column' }),
  })
  .openapi('RecapLayout', { description: LAYOUT_DESCRIPTION }) satisfies z.ZodType<DomainRecapLayout>;

const sheetFields = {
  name: z.string(),
  rounding: z.enum(ROUNDING_RULES).openapi({
    description: "what each step adds up: the printed numbers ('carry-rounded'), the exact ones, or exact fractions",
  }),
  publishedDigits: z.number().int().openapi({ description: 'fraction digits of every computed number (3 or 4)' }),
  subtotalScale: z
    .number()
    .openapi({ description: "Sub Total = the categories' sum x subtotalScale (1 nearly always)" }),
  totalDivisor: z
    .number()
    .int()
    .openapi({ description: 'Total = (Sub Total - penalty) / totalDivisor (1 nearly always)' }),
  layout: RecapLayout.optional(),
};

const subcaptionFields = {
  key: z.string(),
  name: z.string(),
  initials: z.string(),
  max: z.number(),
  step: z.number().openapi({ description: 'the smallest change a judge may make; 0.001 where the sheet names none' }),
  weight: z.number(),
};

const captionFields = {
  key: z.string(),
  name: z.string(),
  initials: z.string(),
  weighted: z.boolean(),
  panel: z
    .string()
    .nullable()
    .openapi({ description: 'captions of a category sharing a panel key are one doubled panel, averaged' }),
};

/** A category of a section's sheet: each caption with its seated judge. */
export const SheetCategory = z.object({
  key: z.string(),
  name: z.string(),
  combine: z.enum(COMBINE_RULES),
  captions: z.array(
    z.object({ ...captionFields, judge: Judge.nullable(), subcaptions: z.array(z.object(subcaptionFields)) }),
  ),
});

/** The sheet of a section of GET /competitions/{id}/scores: the round's copy, with each caption's judge. */
export const SectionSheet = z.object({ ...sheetFields, categories: z.array(SheetCategory) }).openapi('SectionSheet');

/** A division's sheet, or a catalogue sheet: the same, without judges. */
export const ScoreSheet = z
  .object({
    ...sheetFields,
    categories: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        combine: z.enum(COMBINE_RULES),
        captions: z.array(z.object({ ...captionFields, subcaptions: z.array(z.object(subcaptionFields)) })),
      }),
    ),
  })
  .openapi('ScoreSheet');

export const DivisionSheet = z
  .object({
    divisionId: z.number().int(),
    key: z
      .string()
      .nullable()
      .openapi({ description: "the catalogue sheet's key (GET /score-sheets/); null for the circuit's own sheet" }),
    sheet: ScoreSheet,
  })
  .openapi('DivisionSheet');

export const CatalogueEntry = z
  .object({
    key: z.string().openapi({ example: 'color-guard' }),
    groupType: z.object({ id: z.number().int(), name: z.string() }),
    sheet: ScoreSheet,
  })
  .openapi('CatalogueSheet');

// --- input ---

/** Keys are what score entry names (forms send `scores.<key>=68`): letters, digits, "-" and "_". */
const Key = z
  .string()
  .max(50)
  .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, "-" and "_" only');

/** Numbers within what a sheet can mean; sign and divisibility are the sheet rules' (422). */
const SheetNumber = Decimal({ min: -10_000, max: 10_000 });

const SubcaptionInput = z.strictObject({
  key: Key,
  name: Text(100),
  initials: Text(20),
  max: SheetNumber,
  step: SheetNumber.optional().openapi({ description: 'default 0.001 (any number with three fraction digits)' }),
  weight: SheetNumber,
});

const CaptionInput = z.strictObject({
  key: Key,
  name: Text(100),
  initials: Text(20),
  weighted: z.boolean().optional().openapi({ description: "default: whether the lines' weights differ" }),
  panel: Key.nullable().optional(),
  /** read from a section's sheet and sent back as is: the judge is the competition's, not the sheet's */
  judge: z.unknown().optional().openapi({ description: 'ignored (a section sheet carries its judges)' }),
  subcaptions: z.array(SubcaptionInput).max(30),
});

const CategoryInput = z.strictObject({
  key: Key,
  name: Text(100),
  combine: z.enum(COMBINE_RULES),
  captions: z.array(CaptionInput).max(30),
});

/** A penalty column's header as the recap prints it ("Pen", "Tot", "TP"). */
const PenaltyHeader = Text(20).min(1);

const RecapLayoutInput = z
  .strictObject({
    subtotal: z.boolean().optional(),
    penalties: z.array(z.array(PenaltyHeader).min(1).max(4)).max(4).optional(),
    categoryTotals: z.array(z.boolean()).max(20).optional(),
    untotalled: z.array(Key).max(30).optional(),
    locations: z.boolean().optional(),
  })
  .openapi('RecapLayoutInput', { description: LAYOUT_DESCRIPTION });

export const ScoreSheetInput = z
  .strictObject({
    name: Text(200).min(1),
    rounding: z.enum(ROUNDING_RULES).optional().openapi({ description: "default 'carry-rounded'" }),
    publishedDigits: Int(0, 10).optional().openapi({ description: 'default 3' }),
    subtotalScale: SheetNumber.optional().openapi({ description: 'default 1' }),
    totalDivisor: Int(0, 100).optional().openapi({ description: 'default 1' }),
    categories: z.array(CategoryInput).max(20),
    layout: RecapLayoutInput.optional(),
  })
  .openapi('ScoreSheetInput');

export type ScoreSheetBody = z.infer<typeof ScoreSheetInput>;
