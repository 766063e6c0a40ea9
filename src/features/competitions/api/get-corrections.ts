import { queryOptions } from '@tanstack/react-query';
import { getView, viewUrl } from '../../../lib/api/fans';
import { isLivePushed } from '../../../lib/live-push-state';
import { LIVE_REFETCH_MS } from '../../../lib/react-query';
import { competitionKeys } from './keys';

/** A competition's corrections after release (the BFF's view: none where the upstream publishes none). */
export const getCorrections = (competitionGuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  getView('/competitions/{guid}/corrections', { path: { guid: competitionGuid }, signal });

/** Where getCorrections reads: the query's `meta.url`, a page's preload hint (src/app/page-reads.ts). */
export const correctionsUrl = (competitionGuid: string) =>
  viewUrl('/competitions/{guid}/corrections', { path: { guid: competitionGuid } });

/** `live`: a correction can come at any moment of a show; pushed changes re-read it (use-live-updates.ts). */
export const correctionsQueryOptions = (competitionGuid: string, live = false) =>
  queryOptions({
    queryKey: competitionKeys.corrections(competitionGuid),
    queryFn: ({ signal }) => getCorrections(competitionGuid, { signal }),
    meta: { url: correctionsUrl(competitionGuid) },
    refetchInterval: () => (live && !isLivePushed(competitionGuid) ? LIVE_REFETCH_MS : false),
    refetchIntervalInBackground: false,
  });
