import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LocalDateTime } from '../../../components/local-date-time';
import type { AuditEntry } from '../api/get-audit';
import { actionLabel, auditRows, filterAudit } from '../utils/audit-model';
import { inputClass } from '../../../components/signed-in/modal';

/**
 * The competition's audit trail, newest first: who, when, what from what to what, why. Its filters (division, who
 * wrote, group) are in the URL, as every view state of the app is.
 */
export function AuditTrail({
  entries,
  divisions,
  performances,
}: {
  entries: readonly AuditEntry[];
  divisions: readonly { id: number; name: string }[];
  performances: ReadonlyMap<number, { group: string; divisionId: number }>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rows = useMemo(
    () => auditRows(entries, performances, new Map(divisions.map((division) => [division.id, division.name]))),
    [entries, performances, divisions],
  );
  const divisionId = Number(searchParams.get('auditDivision')) || undefined;
  const who = searchParams.get('auditWho') ?? undefined;
  const group = searchParams.get('auditGroup') ?? undefined;
  const shown = filterAudit(rows, { divisionId, who, group });
  const people = [...new Set(rows.map((row) => row.who))].sort();
  const groups = [...new Set([...performances.values()].map((performance) => performance.group))].sort();
  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };
  const select = (id: string, label: string, name: string, value: string | undefined, options: [string, string][]) => (
    <div>
      <label htmlFor={id} className="block text-sm">
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(event) => choose(name, event.target.value)} className={inputClass}>
        <option value="">All</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-3">
        {select(
          'audit-division',
          'Division',
          'auditDivision',
          divisionId === undefined ? undefined : String(divisionId),
          divisions.map((division) => [String(division.id), division.name]),
        )}
        {select(
          'audit-who',
          'Judge or person',
          'auditWho',
          who,
          people.map((person) => [person, person]),
        )}
        {select(
          'audit-group',
          'Group',
          'auditGroup',
          group,
          groups.map((name) => [name, name]),
        )}
      </div>
      {shown.length === 0 ? (
        <EmptyState title={rows.length === 0 ? 'Nothing written yet' : 'No entry matches these filters'} />
      ) : (
        <ol className="mt-3 divide-y divide-slate-200 rounded border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {shown.map((row) => (
            <li key={row.seq} className="px-3 py-2 text-sm">
              <p>
                <span className="font-semibold">{actionLabel(row.action)}</span>
                {row.group ? ` · ${row.group}` : ''} · {row.who} · <LocalDateTime iso={row.at} />
              </p>
              {row.changes.length > 0 ? (
                <ul className="ml-5 list-disc tabular-nums">
                  {row.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              ) : null}
              {row.reason ? <p className="text-slate-700 dark:text-slate-300">Why: {row.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
