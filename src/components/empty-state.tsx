import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="my-6 rounded-lg border border-dashed border-slate-400 px-4 py-8 text-center dark:border-slate-600">
      <p className="font-semibold">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{children}</div> : null}
    </div>
  );
}
