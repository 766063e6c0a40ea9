/**
 * What the abbreviation of each judge's line on the sheets stands for ("Rep", "Comp", "Achv" ...): the recaps print
 * lines by these abbreviations alone, and the catalogue of sheets (score-sheets/) names them that way too, so their
 * meanings are written here, once, for the app's legend. test/domain/line-abbreviations.test.ts checks that every
 * line of every known sheet has its meaning here and that nothing here is missing from the sheets.
 */
export const LINE_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['Ach', 'Achievement'],
  ['Achv', 'Achievement'],
  ['Comm', 'Communication'],
  ['Comp', 'Composition'],
  ['Cont', 'Content'],
  ['Exc', 'Excellence'],
  ['Ful', 'Fulfillment'],
  ['Mus', 'Music'],
  ['Ovr', 'Overall'],
  ['Perf', 'Performance'],
  ['PQ', 'Performance Quality'],
  ['Prog', 'Program'],
  ['Rep', 'Repertoire'],
  ['Vis', 'Visual'],
  ['Voc', 'Vocabulary'],
]);
