import { lazy, Suspense, useState } from 'react';
import type { GroupPickerProps } from './group-picker';

const GroupPicker = lazy(() => import('./group-picker'));

/**
 * A closed disclosure (one line) that opens a group picker: its code and the search index load when it is opened, so
 * the page that offers it pays nothing until then.
 */
export function GroupPickerDisclosure({ summary, ...picker }: GroupPickerProps & { summary: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="my-3 print:hidden" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer py-1 font-semibold text-blue-900 dark:text-sky-300">{summary}</summary>
      {open ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <GroupPicker {...picker} />
        </Suspense>
      ) : null}
    </details>
  );
}
