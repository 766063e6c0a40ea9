export type * from './types.js';
export { tabulate, panelKeys } from './tabulate.js';
export { validateScores, type ScoreProblem, type ValidateOptions } from './validate.js';
export { rankScores } from './rank.js';
export { roundHalfUp, roundQuotientHalfUp, PUBLISHED_FRACTION_DIGITS } from './rounding.js';
export { formatTotal, formatCategoryScore, formatCaptionScore, formatSubcaptionScore } from './format.js';
export { parseMicros, toMicros, fromMicros, microsToText, MICROS_PER_UNIT } from './decimal.js';
export * from './sheets/index.js';
