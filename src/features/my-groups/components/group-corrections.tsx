import { formatScore } from '../../../../domain/scores';
import { LocalDateTime } from '../../../components/local-date-time';
import type { GroupSheet } from '../api/get-group-sheet';

type Correction = GroupSheet['corrections'][number];
type Numbers = Correction['before'];

/** The changes made to the group's numbers after release, oldest first: what, from what to what, and why. */
export function GroupCorrections({ sheet }: { sheet: GroupSheet }) {
  if (sheet.corrections.length === 0) return null;
  const captions = sheet.sheet.categories.flatMap((category) => category.captions);
  const numbers = (captionKey: string | null, given: Numbers) => {
    const caption = captions.find((candidate) => candidate.key === captionKey);
    const parts = [
      ...(given.scores ?? []).map(
        (line) =>
          `${caption?.subcaptions.find((sub) => sub.key === line.subcaptionKey)?.name ?? line.subcaptionKey} ${formatScore(line.score, 'subcaption')}`,
      ),
      ...(given.penalty !== undefined ? [`penalty ${formatScore(given.penalty, 'penalty')}`] : []),
      ...(given.performed !== undefined ? [given.performed ? 'performed' : 'did not perform'] : []),
    ];
    return parts.length > 0 ? parts.join(', ') : 'none';
  };
  return (
    <section aria-labelledby="corrections-heading" className="mt-6">
      <h2 id="corrections-heading" className="text-lg font-semibold">
        Corrections after release
      </h2>
      <ol className="mt-1 space-y-2">
        {sheet.corrections.map((correction, index) => {
          const caption = captions.find((candidate) => candidate.key === correction.captionKey);
          return (
            <li key={index} className="rounded-md border border-amber-700/50 px-3 py-2 dark:border-amber-300/40">
              <p className="font-medium">
                {caption ? caption.name : 'Penalty or performance'} · <LocalDateTime iso={correction.at} />
              </p>
              <p className="text-sm">
                From {numbers(correction.captionKey, correction.before)} to{' '}
                {numbers(correction.captionKey, correction.after)}
              </p>
              <p className="text-sm">Reason: {correction.reason}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
