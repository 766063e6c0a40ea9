import { EmptyState } from '../../../components/empty-state';

/** Where the schedule is a published page, not data this app can read: a clear way there. */
export function PublishedSchedule({ url }: { url: string | null }) {
  if (!url) {
    return (
      <EmptyState title="Schedule not available here">
        The results service does not give this competition's schedule to apps, and its published schedule page is not
        known.
      </EmptyState>
    );
  }
  return (
    <EmptyState title="The schedule is a published page">
      <p>The results service publishes this competition's schedule as a page of its own.</p>
      <p className="mt-3">
        <a className="button" href={url} target="_blank" rel="noopener noreferrer">
          Open the published schedule
        </a>
      </p>
    </EmptyState>
  );
}
