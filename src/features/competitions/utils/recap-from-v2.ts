import { slug } from '../../../../domain/name-keys';
import { paths, type GroupAddress } from '../../../config/paths';
import type { PerformanceRecord } from '../../../lib/api-models';
import type { DivisionRoundScores, PerformanceScores, Ranked, SheetCaption, SheetCategory } from './recap-types';
import { judgeName } from './scores-lookup';

/** What a recap's links need beyond its records: its season and competition, its groups' locations. */
export interface RecapContext {
  seasonId: number;
  competitionGuid: string;
  groups: readonly (GroupAddress & { location: string | null })[];
}

/**
 * The recap from v2's performance records. v2 has no sheet of its own: each record carries its categories, captions
 * (with the judge's name) and subcaption lines by name, so a section's sheet is the union of its records', in the
 * order they print them, and each number is found again by its place in that sheet (a name, and which of the
 * same-named ones it is: a doubled panel has two captions of one name). Numbers come as decimal text; rank 0 is
 * v2's "no number" (an unscored line, or a group that did not perform). Penalties are subtotal - total.
 */
export function recapFromV2(records: readonly PerformanceRecord[], context: RecapContext): DivisionRoundScores[] {
  const sections = new Map<string, PerformanceRecord[]>();
  for (const record of records) {
    const key = `${record.DivisionName}\u0000${record.Round}`;
    sections.set(key, [...(sections.get(key) ?? []), record]);
  }
  return [...sections.values()].map((sectionRecords) => {
    const [first] = sectionRecords;
    const division = { id: slug(first.DivisionName), name: first.DivisionName, initials: first.DivisionInitials };
    const round = { number: Number(first.Round), name: first.RoundName };
    const performances = sectionRecords.map((record, index) =>
      performanceOf(record, `${division.id}-${round.number}-${index + 1}`, context),
    );
    return { division, round, sheet: { categories: sheetOf(sectionRecords, performances, context) }, performances };
  });
}

type Category = PerformanceRecord['Categories'][number];
type Caption = Category['Captions'][number];

/** Keys by name and occurrence: the second "Equipment Analysis" of a category is "equipment-analysis-2". */
function keyed<T extends { Name: string }>(items: readonly T[], prefix = ''): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = slug(item.Name);
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return { key: `${prefix}${base}${occurrence > 1 ? `-${occurrence}` : ''}`, item };
  });
}

const categoriesOf = (record: PerformanceRecord) =>
  keyed(record.Categories).map(({ key, item: category }) => ({
    key,
    category,
    captions: keyed(category.Captions, `${key}/`).map(({ key: captionKey, item: caption }) => ({
      key: captionKey,
      caption,
      subcaptions: keyed(caption.Subcaptions),
    })),
  }));

function ranked(score: string, rank: number): Ranked | undefined {
  return rank > 0 ? { score: Number(score), rank } : undefined;
}

function performanceOf(record: PerformanceRecord, performanceId: string, context: RecapContext): PerformanceScores {
  const group = { name: record.GroupName, orgGroupIdentifier: record.OrgGroupIdentifier };
  const location =
    context.groups.find(
      (candidate) => candidate.name === group.name && candidate.orgGroupIdentifier === group.orgGroupIdentifier,
    )?.location ?? null;
  const total = Number(record.TotalScore);
  const subtotal = Number(record.SubtotalScore);
  return {
    performanceId,
    group: { ...group, location, href: paths.group.href(group, context.seasonId) },
    performed: record.Performed,
    noScoreReason: record.NoScoreReason,
    total: { score: total, rank: record.Rank > 0 ? record.Rank : null },
    subtotal: { score: subtotal, rank: record.SubtotalRank > 0 ? record.SubtotalRank : null },
    // In thousandths: the difference of two three-decimal numbers, without a float's remainder.
    penalty: record.Performed ? (Math.round(subtotal * 1000) - Math.round(total * 1000)) / 1000 : 0,
    categories: record.Performed
      ? categoriesOf(record).flatMap(({ key, category, captions }) => {
          const score = ranked(category.Score, category.Rank);
          if (!score) return [];
          return [
            {
              key,
              ...score,
              captions: captions.flatMap(({ key: captionKey, caption, subcaptions }) => {
                const captionScore = ranked(caption.Score, caption.Rank);
                if (!captionScore) return [];
                const lines = subcaptions.flatMap(({ key: lineKey, item }) => {
                  const line = ranked(item.Score, item.Rank);
                  return line ? [{ key: lineKey, ...line }] : [];
                });
                return [{ key: captionKey, ...captionScore, subcaptions: lines }];
              }),
            },
          ];
        })
      : [],
  };
}

/** The union of the records' sheets in print order; judges from the first record that names one. */
function sheetOf(
  records: readonly PerformanceRecord[],
  performances: readonly PerformanceScores[],
  context: RecapContext,
): SheetCategory[] {
  const categories = new Map<string, SheetCategory & { captionsByKey: Map<string, SheetCaption> }>();
  for (const record of records) {
    for (const { key, category, captions } of categoriesOf(record)) {
      let sheet = categories.get(key);
      if (!sheet)
        categories.set(
          key,
          (sheet = { key, name: category.Name, printsTotal: false, captions: [], captionsByKey: new Map() }),
        );
      for (const { key: captionKey, caption, subcaptions } of captions) {
        let line = sheet.captionsByKey.get(captionKey);
        if (!line) {
          line = { key: captionKey, name: caption.Name, initials: caption.Initials, judge: null, subcaptions: [] };
          sheet.captionsByKey.set(captionKey, line);
          sheet.captions.push(line);
        }
        line.judge ??= judgeOf(caption, context);
        for (const { key: subKey, item } of subcaptions) {
          if (!line.subcaptions.some((existing) => existing.key === subKey))
            line.subcaptions.push({ key: subKey, name: item.Name, initials: item.Initials });
        }
      }
    }
  }
  return [...categories.values()].map(({ captionsByKey: _captions, ...category }) => ({
    ...category,
    // A category of one caption prints its own total only where it differs from the caption's (a halved one).
    printsTotal:
      category.captions.length !== 1 ||
      performances.some((p) => {
        const scored = p.categories.find((candidate) => candidate.key === category.key);
        return scored !== undefined && scored.captions.length === 1 && scored.captions[0].score !== scored.score;
      }),
  }));
}

function judgeOf(caption: Caption, { seasonId, competitionGuid }: RecapContext): SheetCaption['judge'] {
  const name = judgeName({ firstName: caption.JudgeFirstName, lastName: caption.JudgeLastName });
  return name === null
    ? null
    : {
        firstName: caption.JudgeFirstName,
        lastName: caption.JudgeLastName,
        href: paths.judgeSeason.href(name, seasonId, { competition: competitionGuid }),
      };
}
