/**
 * The judges' commentary as the people running a show hear and check it (decision 128), through the signed-in
 * fetch layer: a competition's commentary per performance and caption, a performance's recordings with their
 * history, one recording with its marks (the writes are in commentary-writes.ts). All under the competition's key,
 * so the console's stream of changes (each write to them is an audit entry) asks them again.
 */
import { queryOptions } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { getAsUser, type UserResult } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { manageKeys } from './keys';

type Schemas = components['schemas'];
export type CompetitionCommentary = Schemas['CompetitionCommentary'];
export type CommentarySlot = Schemas['CommentarySlot'];
export type SectionRelease = Schemas['CommentarySectionRelease'];
export type CommentaryRecording = Schemas['CommentaryRecording'];
export type RecordingDetail = Schemas['CommentaryRecordingDetail'];
export type PerformanceRecording = CommentaryRecording & { history: Schemas['CommentaryHistoryEntry'][] };
export type ReleaseRequest = Schemas['CommentaryRelease'];

export const commentaryQueryOptions = (competitionId: number) =>
  queryOptions({
    queryKey: manageKeys.commentary(competitionId),
    queryFn: ({ signal, client, queryKey }) =>
      getAsUser('/competitions/{competitionId}/commentary', {
        path: { competitionId },
        signal,
        previous: client.getQueryData<UserResult<CompetitionCommentary>>(queryKey),
      }),
    staleTime: 0,
  });

export const performanceCommentaryQueryOptions = (competitionId: number, performanceId: number) =>
  queryOptions({
    queryKey: [...manageKeys.commentary(competitionId), 'performance', performanceId] as const,
    queryFn: ({ signal }) => getAsUser('/performances/{performanceId}/commentary', { path: { performanceId }, signal }),
    staleTime: 0,
  });

export const recordingQueryOptions = (competitionId: number, recordingId: number) =>
  queryOptions({
    queryKey: [...manageKeys.commentary(competitionId), 'recording', recordingId] as const,
    queryFn: ({ signal }) => getAsUser('/commentary/recordings/{recordingId}', { path: { recordingId }, signal }),
    staleTime: 0,
  });

/** Where the browser plays a recording (through the BFF, with Range), and where it downloads it. */
export const audioUrl = (recordingId: number, download = false) =>
  `${env.apiBase}/commentary/recordings/${recordingId}/audio${download ? '?download=true' : ''}`;
