/**
 * Our API's corrections after release as the fans' recap addresses its numbers: v2 has no keys, only names, so a
 * caption is named by its category's and its own name and which of the category's captions of that name it is.
 */
import type { ScoresAnswer } from '../reads/corrections.js';
import type { RecapCorrectionView } from '../view-schemas.js';

type Section = ScoresAnswer['data'][number];
type Numbers = Section['corrections'][number]['before'];

export function correctionsOf(scores: ScoresAnswer): RecapCorrectionView[] {
  return scores.data.flatMap((section) => {
    const groups = new Map(section.performances.map((performance) => [performance.performanceId, performance.group]));
    return section.corrections.flatMap((correction): RecapCorrectionView[] => {
      const change = changeOf(section, correction.captionKey, correction.before, correction.after);
      if (!change) return [];
      const group = groups.get(correction.performanceId);
      return [
        {
          division: { name: section.division.name },
          round: { number: section.round.number, name: section.round.name },
          group: group ? { name: group.name } : null,
          change,
          at: correction.at,
          reason: correction.reason,
        },
      ];
    });
  });
}

/** What changed, or undefined for a caption the section's sheet no longer has (nothing left to mark). */
function changeOf(
  section: Section,
  captionKey: string | null,
  before: Numbers,
  after: Numbers,
): RecapCorrectionView['change'] | undefined {
  if (captionKey === null) {
    if (before.performed !== undefined || after.performed !== undefined)
      return { kind: 'performed', before: before.performed ?? true, after: after.performed ?? true };
    return { kind: 'penalty', before: before.penalty ?? 0, after: after.penalty ?? 0 };
  }
  for (const category of section.sheet.categories) {
    const index = category.captions.findIndex((caption) => caption.key === captionKey);
    if (index < 0) continue;
    const caption = category.captions[index];
    const occurrence = category.captions.slice(0, index + 1).filter((other) => other.name === caption.name).length;
    const line = (numbers: Numbers, key: string) =>
      numbers.scores?.find((score) => score.subcaptionKey === key)?.score ?? null;
    return {
      kind: 'caption',
      category: category.name,
      caption: caption.name,
      occurrence,
      lines: caption.subcaptions.map((subcaption) => ({
        name: subcaption.name,
        before: line(before, subcaption.key),
        after: line(after, subcaption.key),
      })),
    };
  }
  return undefined;
}
