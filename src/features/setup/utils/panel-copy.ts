import type { SeatJudge } from '../api/panel-writes';
import type { SectionProgress } from '../api/get-panel';

/** A division and round, as the panel page names it and keys it. */
export const sectionKeyOf = (section: Pick<SectionProgress, 'round' | 'division'>) =>
  `${section.division.id}-${section.round.number}`;

export const sectionLabel = (section: Pick<SectionProgress, 'round' | 'division'>) =>
  `${section.division.name} ${section.round.name || `round ${section.round.number}`}`;

/**
 * Each caption's name as the page shows it: a doubled panel's captions share a name (two "General Effect" judges),
 * so each is numbered in sheet order, "General Effect (judge 2)".
 */
export function captionLabels(captions: readonly { captionKey: string; captionName: string }[]): Map<string, string> {
  const total = new Map<string, number>();
  for (const caption of captions) total.set(caption.captionName, (total.get(caption.captionName) ?? 0) + 1);
  const seen = new Map<string, number>();
  return new Map(
    captions.map((caption) => {
      if (total.get(caption.captionName)! < 2) return [caption.captionKey, caption.captionName];
      const nth = (seen.get(caption.captionName) ?? 0) + 1;
      seen.set(caption.captionName, nth);
      return [caption.captionKey, `${caption.captionName} (judge ${nth})`];
    }),
  );
}

export interface CopyPlan {
  /** one seat per caption of the target that the source has a judge on, the same judge (user and printed name) */
  seats: { captionName: string; seat: SeatJudge }[];
  /** the target's captions with nobody seated on them in the source: their seats stay as they are */
  untouched: string[];
  /** the source's seated captions that the target's sheet does not have (another sheet): not copied */
  notOnTarget: string[];
}

/**
 * What copying `source`'s panel onto `target` sends: captions match by key (the same sheet, or sheets that share
 * captions), each seat as the source has it, its judge user kept so that judge finds the new seat on their tablet.
 */
export function planCopy(source: SectionProgress, target: SectionProgress): CopyPlan {
  const targetKeys = new Set(target.captions.map((caption) => caption.captionKey));
  const targetLabels = captionLabels(target.captions);
  const sourceLabels = captionLabels(source.captions);
  const seated = new Map(
    source.captions.flatMap((caption) => (caption.judge ? [[caption.captionKey, caption.judge] as const] : [])),
  );
  const seats: CopyPlan['seats'] = [];
  const untouched: string[] = [];
  for (const caption of target.captions) {
    const judge = seated.get(caption.captionKey);
    if (!judge) {
      untouched.push(targetLabels.get(caption.captionKey)!);
      continue;
    }
    seats.push({
      captionName: targetLabels.get(caption.captionKey)!,
      seat: {
        round: target.round.number,
        divisionId: target.division.id,
        captionKey: caption.captionKey,
        ...(judge.userId ? { userId: judge.userId } : {}),
        firstName: judge.firstName,
        lastName: judge.lastName,
      },
    });
  }
  const notOnTarget = source.captions
    .filter((caption) => caption.judge && !targetKeys.has(caption.captionKey))
    .map((caption) => sourceLabels.get(caption.captionKey)!);
  return { seats, untouched, notOnTarget };
}
