import type { DrawRecord } from '../api/get-draws';
import { orderLines } from '../utils/draw-model';

const linkClass = 'text-blue-900 underline dark:text-sky-300';

/** A drawn order (previewed or committed): position, group and what placed it there. */
export function DrawOrder({
  title,
  record,
  note,
  link,
}: {
  title: string;
  record: DrawRecord;
  note: string;
  link?: string;
}) {
  const lines = orderLines(record);
  return (
    <section aria-label={title} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {note}
        {link ? (
          <>
            {' '}
            <a href={link} className={linkClass}>
              The published record
            </a>
          </>
        ) : null}
      </p>
      <ol className="mt-2 space-y-1 text-sm">
        {lines.map((line) => (
          <li key={line.groupId} className="flex flex-wrap gap-x-2">
            <span className="w-8 text-right tabular-nums">{line.position}.</span>
            <span className="font-medium">{line.name}</span>
            {line.detail ? <span className="text-slate-700 dark:text-slate-300">{line.detail}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
