import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { Notice } from '../../../components/notice';
import { PageSkeleton } from '../../../components/skeleton';
import { problemText } from '../../../lib/signed-in/problems';
import { secondaryButton } from '../../../components/signed-in/modal';
import { divisionSheetQueryOptions } from '../api/get-division-sheet';
import { setupDivisionsQueryOptions, type Division } from '../api/get-divisions';
import { sheetMaximum } from '../utils/sheet-model';
import { maxText } from './sheet-builder';

/** The organization's divisions in the circuit's order, each with the sheet it is judged on and its maximum. */
export function DivisionsList({ canWrite, onEdit }: { canWrite: boolean; onEdit: (division: Division) => void }) {
  const divisions = useQuery(setupDivisionsQueryOptions());
  if (divisions.isPending) return <PageSkeleton rows={4} />;
  if (divisions.isError)
    return (
      <Notice tone="error" role="alert">
        Could not load the divisions: {problemText(divisions.error)}{' '}
        <button type="button" className="underline" onClick={() => void divisions.refetch()}>
          Try again
        </button>
      </Notice>
    );
  if (divisions.data.length === 0)
    return (
      <EmptyState title="No divisions yet">
        {canWrite ? 'Add the first one above.' : 'An administrator or tabulator adds them.'}
      </EmptyState>
    );
  return (
    <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {divisions.data.map((division) => (
        <li key={division.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <div className="min-w-0">
            <p className="font-medium break-words">
              {division.name} <span className="text-slate-700 dark:text-slate-300">({division.initials})</span>
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {division.groupType.name} · order {division.sortOrder} · <SheetSummary divisionId={division.id} />
            </p>
          </div>
          {canWrite ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => onEdit(division)}
              aria-label={`Edit ${division.name}`}
            >
              Edit
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function SheetSummary({ divisionId }: { divisionId: number }) {
  const sheet = useQuery(divisionSheetQueryOptions(divisionId));
  if (sheet.isPending) return <span>sheet loading…</span>;
  if (sheet.isError) return <span>sheet not available ({problemText(sheet.error)})</span>;
  return (
    <span>
      sheet {sheet.data.sheet.name} ({sheet.data.key ? 'catalogue' : 'our own'}), out of{' '}
      {maxText(sheetMaximum(sheet.data.sheet))}
    </span>
  );
}
