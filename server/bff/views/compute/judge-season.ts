/**
 * One judge's season from the season's judged sections (judged-sections.ts): every caption they judged, oldest
 * first, each group's number and rank from them beside the group's final total and rank in that division and round,
 * and on a doubled panel (a category with two captions of one name) the other judge's number. Every number is the
 * v2 record's, as the recap prints it.
 */
import { judgeName } from '../../../../domain/judges.js';
import type { JudgedCaption, JudgedSection } from './judged-sections.js';
import { ViewProblem } from '../view-problem.js';
import type { JudgeSheetView } from '../view-schemas.js';

/** Letters only, lower case: "G. Guffey" and "g guffey" are spelt alike. */
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]+/gu, '');

/**
 * Names that may be the same person spelt another way (docs/decisions/035): the same last name and first names that
 * start alike ("G. Guffey", "Greg Guffey"). Shown as links, never merged: two judges may share a name.
 */
function similarNames(sections: readonly JudgedSection[], name: string): string[] {
  const words = name.split(' ');
  const last = letters(words.at(-1) ?? '');
  const initial = letters(words[0] ?? '').slice(0, 1);
  const found = new Set<string>();
  for (const section of sections) {
    for (const performance of section.performances) {
      for (const caption of performance.captions) {
        if (caption.judge === '' || caption.judge === name || found.has(caption.judge)) continue;
        const other = caption.judge.split(' ');
        if (other.length > 1 && letters(other.at(-1)!) === last && letters(other[0]).slice(0, 1) === initial)
          found.add(caption.judge);
      }
    }
  }
  return [...found].sort();
}

export function judgeSeason(
  sections: readonly JudgedSection[],
  asked: string,
  seasonName: string,
): { judge: { name: string; similarNames: string[] }; data: JudgeSheetView[] } {
  const name = judgeName(asked, '');
  const sheets: JudgeSheetView[] = [];
  for (const section of sections) {
    // The sheet keys this judge holds in this section (a judge may sit on two captions of one round).
    const keys: string[] = [];
    for (const performance of section.performances) {
      for (const caption of performance.captions)
        if (caption.judge === name && !keys.includes(caption.key)) keys.push(caption.key);
    }
    for (const key of keys) {
      let about: JudgedCaption | undefined;
      let partnerName: string | null = null;
      const rows: JudgeSheetView['rows'] = [];
      for (const performance of section.performances) {
        const mine = performance.captions.find((caption) => caption.key === key && caption.judge === name);
        if (!mine) continue;
        about ??= mine;
        const partner = performance.captions.find(
          (caption) => caption.key !== key && caption.category === mine.category && caption.name === mine.name,
        );
        if (partner && partner.judge !== '') partnerName ??= partner.judge;
        rows.push({
          group: performance.group,
          score: mine.score,
          rank: mine.rank,
          final: performance.total,
          partner: partner ? { score: partner.score, rank: partner.rank } : null,
          panel: mine.panel,
        });
      }
      if (!about) continue;
      sheets.push({
        competition: section.competition,
        division: section.division,
        round: section.round,
        category: about.category,
        caption: { name: about.name, initials: about.initials },
        doubled: rows.some((row) => row.partner !== null),
        partner: partnerName,
        rows,
      });
    }
  }
  if (sheets.length === 0)
    throw new ViewProblem(404, 'not_found', `No judge named "${name}" judged a released recap in ${seasonName}.`);
  return { judge: { name, similarNames: similarNames(sections, name) }, data: sheets };
}
