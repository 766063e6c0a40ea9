import { LocalDateTime } from '../../../components/local-date-time';
import type { Draw } from '../api/get-draws';
import { ruleLabel } from '../utils/draw-model';

const linkClass = 'text-blue-900 underline dark:text-sky-300';

/** The competition's draws already made, newest first: section, rule, seed, who and when, and the published record. */
export function DrawsList({ draws }: { draws: readonly Draw[] }) {
  return (
    <section aria-labelledby="draws-made-heading" className="mt-8">
      <h2 id="draws-made-heading" className="text-xl font-semibold">
        Draws made
      </h2>
      {draws.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          No draw made for this competition yet: the running orders are as the entries page set them.
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {[...draws].reverse().map((draw) => (
            <li key={draw.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800">
              <p className="font-medium">
                {draw.division.name} {draw.round.name}
                {draw.current ? '' : ' (superseded by a later draw)'}
              </p>
              <p>
                {ruleLabel(draw.record.input.rule)}
                {draw.record.input.tiers ? ' in tiers' : ''} · seed <code>{draw.record.input.seed}</code> ·{' '}
                {draw.record.order.length} groups
              </p>
              <p className="text-slate-700 dark:text-slate-300">
                Drawn <LocalDateTime iso={draw.drawnAt} /> by {draw.drawnBy} ·{' '}
                {draw.verified ? 'its record re-runs to its order' : 'its record does NOT re-run to its order'} ·{' '}
                <a
                  href={draw.pageUrl}
                  className={linkClass}
                  aria-label={`Published record of ${draw.division.name} ${draw.round.name}, seed ${draw.record.input.seed}`}
                >
                  Published record
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
