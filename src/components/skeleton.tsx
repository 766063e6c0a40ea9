/** Grey placeholder blocks while a page's data loads; hidden from assistive technology, announced once. */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse py-4">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true">
        <div className="mb-4 h-8 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="mb-6 h-4 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="mb-2 h-10 rounded bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
    </div>
  );
}
