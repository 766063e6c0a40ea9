/** A link that downloads a view as CSV (the BFF's `.csv` views answer with `attachment`): a plain link, no script. */
export function DownloadCsv({ href, what }: { href: string; what: string }) {
  return (
    <p className="my-3 text-sm">
      <a className="button" href={href} download>
        Download CSV<span className="sr-only"> of {what}</span>
      </a>
    </p>
  );
}
