import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { paths } from '../../config/paths';
import { can } from '../../lib/signed-in/get-me';
import { problemText } from '../../lib/signed-in/problems';
import { roleLabel, SessionGate } from '../../components/signed-in/session-gate';
import { divisionSheetQueryOptions } from '../../features/setup/api/get-division-sheet';
import type { Division } from '../../features/setup/api/get-divisions';
import { DivisionForm, type SavedDivision } from '../../features/setup/components/divisions-form';
import { DivisionsList } from '../../features/setup/components/divisions-list';
import { maxText } from '../../features/setup/components/sheet-builder';

/**
 * `/manage/divisions`: the organization's divisions with their score sheets; for those whose role may set up a
 * contest (`set-up`), adding a division on a catalogue sheet or one built in the page, and changing one.
 */
export default function ManageDivisionsRoute() {
  return (
    <>
      <title>Divisions · Manage contests · Marching Results</title>
      <p className="text-sm">
        <Link to={paths.manage.href()} className="text-blue-900 underline dark:text-sky-300">
          Manage contests
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Divisions and score sheets</h1>
      <SessionGate>{(me) => <DivisionsPage canWrite={can(me, 'set-up')} role={roleLabel(me)} />}</SessionGate>
    </>
  );
}

function DivisionsPage({ canWrite, role }: { canWrite: boolean; role: string }) {
  const [editing, setEditing] = useState<Division | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (what: string) => (result: SavedDivision) => {
    setEditing(null);
    setSaved(
      `${result.division.name} ${what}${
        result.maximum === null ? '' : `, judged on ${result.sheetName} (out of ${maxText(result.maximum)})`
      }.`,
    );
  };
  return (
    <>
      {canWrite ? (
        <section aria-labelledby="division-form-heading" className="mt-4">
          <h2 id="division-form-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
            {editing ? `Edit ${editing.name}` : 'Add a division'}
          </h2>
          {editing ? (
            <EditDivision
              key={editing.id}
              division={editing}
              onSaved={done('saved')}
              onSubmitting={() => setSaved(null)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <DivisionForm onSaved={done('added')} onSubmitting={() => setSaved(null)} />
          )}
          <div aria-live="polite">{saved ? <Notice>{saved}</Notice> : null}</div>
        </section>
      ) : (
        <Notice>
          Only an administrator or a tabulator can add or change divisions and their score sheets; you are signed in as{' '}
          {role}.
        </Notice>
      )}
      <section aria-labelledby="divisions-heading" className="mt-6">
        <h2 id="divisions-heading" className="text-lg font-semibold">
          The organization’s divisions
        </h2>
        <DivisionsList
          canWrite={canWrite}
          onEdit={(division) => {
            setSaved(null);
            setEditing(division);
            // the form is above the list: take the keyboard there with it
            requestAnimationFrame(() => heading.current?.focus());
          }}
        />
      </section>
    </>
  );
}

/** A division's form once its sheet now is known (the builder starts from it). */
function EditDivision({
  division,
  onSaved,
  onSubmitting,
  onCancel,
}: {
  division: Division;
  onSaved: (saved: SavedDivision) => void;
  onSubmitting: () => void;
  onCancel: () => void;
}) {
  const sheet = useQuery(divisionSheetQueryOptions(division.id));
  if (sheet.isPending) return <PageSkeleton rows={3} />;
  if (sheet.isError)
    return (
      <Notice tone="error" role="alert">
        Could not load the sheet of {division.name}: {problemText(sheet.error)}
      </Notice>
    );
  return (
    <DivisionForm
      division={division}
      current={sheet.data}
      onSaved={onSaved}
      onSubmitting={onSubmitting}
      onCancel={onCancel}
    />
  );
}
