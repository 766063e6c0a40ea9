import type { ReactNode } from 'react';

const tones = {
  info: 'border-sky-700/40 bg-sky-50 text-sky-950 dark:border-sky-300/40 dark:bg-sky-950 dark:text-sky-100',
  warning:
    'border-amber-700/50 bg-amber-50 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-100',
  error: 'border-red-700/50 bg-red-50 text-red-950 dark:border-red-300/40 dark:bg-red-950 dark:text-red-100',
};

/** A banner. `role="status"` for news that can wait, `alert` for what the reader must not miss. */
export function Notice({
  tone = 'info',
  role = 'status',
  children,
}: {
  tone?: keyof typeof tones;
  role?: 'status' | 'alert';
  children: ReactNode;
}) {
  return (
    <div role={role} className={`my-3 rounded-md border px-3 py-2 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
