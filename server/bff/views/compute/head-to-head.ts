/**
 * Head-to-head of two to four groups in a season, from the season's judged sections (judged-sections.ts): every
 * division and round in which at least two of them performed, caption by caption, each group's number and rank as
 * the recap prints them, and the totals. Groups are asked for as group pages name them: the circuit's identifier
 * when there is one (it decides), else the name. Across seasons (reads/head-to-head-seasons.ts), each season's
 * meetings summed up pair by pair (pairsOf).
 */
import { roundScore } from '../../../../domain/scores.js';
import type { JudgedPerformance, JudgedSection } from './judged-sections.js';
import type { HeadToHeadMeetingView, HeadToHeadPairView } from '../view-schemas.js';

export interface AskedGroup {
  name: string;
  orgGroupIdentifier: string;
}

const isGroup = (asked: AskedGroup) => (performance: JudgedPerformance) =>
  asked.orgGroupIdentifier
    ? performance.group.orgGroupIdentifier === asked.orgGroupIdentifier
    : performance.group.name === asked.name;

export function headToHead(sections: readonly JudgedSection[], asked: readonly AskedGroup[]): HeadToHeadMeetingView[] {
  const meetings: HeadToHeadMeetingView[] = [];
  for (const section of sections) {
    const present = asked.map((group) => section.performances.find(isGroup(group)) ?? null);
    if (present.filter((performance) => performance !== null).length < 2) continue;
    // Captions in the order the first group present prints them, then any the others add.
    const keys: { key: string; category: string; name: string }[] = [];
    for (const performance of present) {
      for (const caption of performance?.captions ?? []) {
        if (!keys.some((known) => known.key === caption.key))
          keys.push({ key: caption.key, category: caption.category, name: caption.name });
      }
    }
    meetings.push({
      competition: section.competition,
      division: section.division,
      round: section.round,
      groups: present.map((performance) =>
        performance ? { name: performance.group.name, orgGroupIdentifier: performance.group.orgGroupIdentifier } : null,
      ),
      captions: keys.map(({ key, category, name }) => ({
        category,
        name,
        judge:
          present.flatMap(
            (performance) =>
              performance?.captions.filter((caption) => caption.key === key && caption.judge !== '') ?? [],
          )[0]?.judge ?? null,
        scores: present.map((performance) => {
          const caption = performance?.captions.find((candidate) => candidate.key === key);
          return caption ? { score: caption.score, rank: caption.rank } : null;
        }),
      })),
      totals: present.map((performance) => (performance ? performance.total : null)),
    });
  }
  return meetings;
}

/** Totals carry at most three fraction digits: compared in thousandths, 80.1 - 79.9 is 0.2 exactly. */
const thousandths = (score: number) => Math.round(score * 1000);

/** The first group against each other one over a season's meetings: the rounds both performed, won, lost, tied, mean margin. */
export function pairsOf(
  meetings: readonly Pick<HeadToHeadMeetingView, 'totals'>[],
  groupCount: number,
): HeadToHeadPairView[] {
  return Array.from({ length: groupCount - 1 }, (_, index) => {
    const other = index + 1;
    const pair = { meetings: 0, wins: 0, losses: 0, ties: 0 };
    let sum = 0;
    for (const { totals } of meetings) {
      const [first, second] = [totals[0], totals[other]];
      if (!first || !second) continue;
      const margin = thousandths(first.score) - thousandths(second.score);
      pair.meetings++;
      sum += margin;
      if (margin > 0) pair.wins++;
      else if (margin < 0) pair.losses++;
      else pair.ties++;
    }
    return { ...pair, meanMargin: pair.meetings > 0 ? roundScore(sum / pair.meetings / 1000) : null };
  });
}
