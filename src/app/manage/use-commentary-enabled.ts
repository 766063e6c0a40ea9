import { useQuery } from '@tanstack/react-query';
import { seasonEventsQueryOptions } from '../../features/setup/api/get-season-events';

/**
 * Whether a competition's event records the judges' commentary (its `commentaryEnabled`, read from the season's
 * events as the signed-in user sees them); undefined until known. The hosted service has no commentary and no
 * signed-in reads: there it stays undefined, and the pages say nothing of commentary.
 */
export function useCommentaryEnabled(
  at: { seasonId: number; eventId: number | null } | null,
  enabled = true,
): boolean | undefined {
  const events = useQuery({
    ...seasonEventsQueryOptions(at?.seasonId ?? 0),
    enabled: enabled && at !== null && at.eventId !== null,
  });
  return events.data?.body.data.find((event) => event.id === at?.eventId)?.commentaryEnabled;
}
