/**
 * Score sheets between the API's shape (routes/schemas/sheet.ts) and the stored definition (domain/score-sheet.ts).
 * The answer states every rule a sheet needs to be scored again (rounding, digits, scale, divisor, panels, steps),
 * defaults included, so what is read back and sent again tabulates the same (docs/decisions/078).
 */
import type { z } from '@hono/zod-openapi';
import { DEFAULT_STEP, stepOf } from '../../../../domain/score-sheet.js';
import { PUBLISHED_FRACTION_DIGITS } from '../../../../domain/scores.js';
import type { CaptionDef, ScoreSheet } from '../../tabulation/types.js';
import type * as schemas from '../schemas/sheet.js';

type Judge = { firstName: string; lastName: string };

function sheetRules(sheet: ScoreSheet) {
  return {
    name: sheet.name,
    rounding: sheet.rounding ?? 'carry-rounded',
    publishedDigits: sheet.publishedDigits ?? PUBLISHED_FRACTION_DIGITS,
    subtotalScale: sheet.subtotalScale ?? 1,
    totalDivisor: sheet.totalDivisor ?? 1,
    // how the published recap prints it, where not the usual: sent back as is, the same page prints
    ...(sheet.layout ? { layout: sheet.layout } : {}),
  } as const;
}

function captionItem(caption: CaptionDef) {
  return {
    key: caption.key,
    name: caption.name,
    initials: caption.initials,
    weighted: caption.weighted,
    panel: caption.panel ?? null,
    subcaptions: caption.subcaptions.map((line) => ({
      key: line.key,
      name: line.name,
      initials: line.initials,
      max: line.max,
      step: stepOf(line),
      weight: line.weight,
    })),
  };
}

/** A division's or the catalogue's sheet. */
export function sheetItem(sheet: ScoreSheet): z.infer<typeof schemas.ScoreSheet> {
  return {
    ...sheetRules(sheet),
    categories: sheet.categories.map((category) => ({
      key: category.key,
      name: category.name,
      combine: category.combine,
      captions: category.captions.map(captionItem),
    })),
  };
}

/** A round's sheet in a scores section, each caption with its seated judge (null when none is seated). */
export function sectionSheet(
  sheet: ScoreSheet | null,
  judges: ReadonlyMap<string, Judge>,
): z.infer<typeof schemas.SectionSheet> {
  // a section whose round has no sheet (nothing to score it on) still has the shape
  const known = sheet ?? { name: '', categories: [] };
  return {
    ...sheetRules(known),
    categories: known.categories.map((category) => ({
      key: category.key,
      name: category.name,
      combine: category.combine,
      captions: category.captions.map((caption) => ({
        ...captionItem(caption),
        judge: judges.get(caption.key) ?? null,
      })),
    })),
  };
}

/**
 * The definition to store from a sent sheet: judges dropped (a sheet has none), `weighted` as sent or, when left
 * out, whether the lines' weights differ (the catalogue's rule); optional rules kept only when sent.
 */
export function sheetFromBody(body: z.infer<typeof schemas.ScoreSheetInput>): ScoreSheet {
  return {
    name: body.name,
    ...(body.rounding === undefined ? {} : { rounding: body.rounding }),
    ...(body.publishedDigits === undefined ? {} : { publishedDigits: body.publishedDigits }),
    ...(body.subtotalScale === undefined ? {} : { subtotalScale: body.subtotalScale }),
    ...(body.totalDivisor === undefined ? {} : { totalDivisor: body.totalDivisor }),
    ...(body.layout === undefined || Object.keys(body.layout).length === 0 ? {} : { layout: body.layout }),
    categories: body.categories.map((category) => ({
      key: category.key,
      name: category.name,
      combine: category.combine,
      captions: category.captions.map((caption) => ({
        key: caption.key,
        name: caption.name,
        initials: caption.initials,
        weighted: caption.weighted ?? new Set(caption.subcaptions.map((line) => line.weight)).size > 1,
        ...(caption.panel == null ? {} : { panel: caption.panel }),
        subcaptions: caption.subcaptions.map((line) => ({
          key: line.key,
          name: line.name,
          initials: line.initials,
          max: line.max,
          weight: line.weight,
          ...(line.step === undefined || line.step === DEFAULT_STEP ? {} : { step: line.step }),
        })),
      })),
    })),
  };
}
