/**
 * The judges' sheets of a season, kept with its results (season-index.ts): for every division and round of every
 * competition whose full recap is released, each performance's captions with the judge's name, number and rank, as
 * v2 prints them. A judge is known by the name v2 gives (first and last name, the only identity the hosted service
 * has: docs/decisions/035). The subcaption lines are not kept: a judge's season needs the caption's number only.
 */
import { judgeName } from '../../../../domain/judges.js';
import type { CompetitionResults } from '../hosted-shapes.js';

export interface JudgedCaption {
  /** the caption's place in its section's sheet: category and caption names, and which of the same-named ones */
  key: string;
  category: string;
  name: string;
  initials: string;
  /** "First Last" as domain/judges.ts writes it; "" when the recap names no judge */
  judge: string;
  score: number;
  /** null: no rank printed (v2's rank 0) */
  rank: number | null;
  /** the panel's number: the category's score and rank (one object for every caption of the category) */
  panel: { score: number; rank: number | null };
}

export interface JudgedPerformance {
  group: { name: string; orgGroupIdentifier: string };
  total: { score: number; rank: number | null };
  captions: JudgedCaption[];
}

export interface JudgedSection {
  competition: { guid: string; name: string; date: string; eventName: string };
  division: { name: string; initials: string };
  round: { number: number; name: string };
  /** performances that performed, in the recap's order */
  performances: JudgedPerformance[];
}

/** Keys by name and occurrence, as the recap's (src/features/competitions/utils/recap-from-v2.ts): "Equipment Analysis#2". */
function occurrences<T extends { Name: string }>(items: readonly T[]): { key: string; item: T }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const occurrence = (seen.get(item.Name) ?? 0) + 1;
    seen.set(item.Name, occurrence);
    return { key: `${item.Name}#${occurrence}`, item };
  });
}

/**
 * Sections oldest first (competitions by date, stable), rounds in order, divisions in the recap's order. Names are
 * shared between the records (one string per distinct name), which keeps an archive-sized season small.
 */
export function buildJudgedSections(competitions: readonly CompetitionResults[]): JudgedSection[] {
  const names = new Map<string, string>();
  const shared = (text: string) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    names.set(text, text);
    return text;
  };
  const sections: JudgedSection[] = [];
  const ordered = [...competitions]
    .filter(({ record }) => record.RecapReleased && record.CategoryRecapReleased)
    .sort((a, b) => a.record.Date.localeCompare(b.record.Date));
  for (const { record, practice, performances } of ordered) {
    if (practice) continue;
    const competition = {
      guid: record.CompetitionGuid,
      name: record.CompetitionName,
      date: record.Date,
      eventName: record.EventName,
    };
    const byRound = new Map<string, JudgedSection>();
    for (const p of performances) {
      const roundKey = `${p.DivisionName}\u0000${p.Round}`;
      let section = byRound.get(roundKey);
      if (!section) {
        section = {
          competition,
          division: { name: p.DivisionName, initials: p.DivisionInitials },
          round: { number: Number(p.Round), name: p.RoundName },
          performances: [],
        };
        byRound.set(roundKey, section);
      }
      if (!p.Performed) continue;
      section.performances.push({
        group: { name: p.GroupName, orgGroupIdentifier: p.OrgGroupIdentifier },
        total: { score: Number(p.TotalScore), rank: p.Rank > 0 ? p.Rank : null },
        captions: occurrences(p.Categories).flatMap(({ key: categoryKey, item: category }) => {
          const panel = { score: Number(category.Score), rank: category.Rank > 0 ? category.Rank : null };
          return occurrences(category.Captions).map(({ key, item: caption }) => ({
            key: shared(`${categoryKey}/${key}`),
            category: shared(category.Name),
            name: shared(caption.Name),
            initials: shared(caption.Initials),
            judge: shared(judgeName(caption.JudgeFirstName, caption.JudgeLastName)),
            score: Number(caption.Score),
            rank: caption.Rank > 0 ? caption.Rank : null,
            panel,
          }));
        }),
      });
    }
    sections.push(...[...byRound.values()].sort((a, b) => a.round.number - b.round.number));
  }
  return sections;
}
