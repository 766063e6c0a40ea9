/**
 * One released contest's whole sheet for the group's own accounts, with the recording heard of each caption once
 * its commentary is released (GET /groups/{id}/contests/{performanceId}; 404 `not_released` before release), and a
 * recording's marks (GET /commentary/recordings/{id}: the group's own current recordings, once released).
 */
import { queryOptions } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { getAsUser } from '../../../lib/api/signed-in';
import type { components } from '../../../lib/api-types';
import { myGroupsKeys } from './keys';

export type GroupSheet = components['schemas']['GroupSheet'];
export type GroupRecording = GroupSheet['commentary']['recordings'][number];

export const groupSheetQueryOptions = (groupId: number, performanceId: number) =>
  queryOptions({
    queryKey: myGroupsKeys.sheet(groupId, performanceId),
    queryFn: ({ signal }) =>
      getAsUser('/groups/{groupId}/contests/{performanceId}', { path: { groupId, performanceId }, signal }),
    staleTime: 60_000,
  });

export const groupRecordingQueryOptions = (groupId: number, recordingId: number) =>
  queryOptions({
    queryKey: myGroupsKeys.recording(groupId, recordingId),
    queryFn: ({ signal }) => getAsUser('/commentary/recordings/{recordingId}', { path: { recordingId }, signal }),
    staleTime: 60_000,
  });

/** Where the browser plays a recording (through the BFF, with Range), and where it saves it. */
export const recordingAudioUrl = (recordingId: number, download = false) =>
  `${env.apiBase}/commentary/recordings/${recordingId}/audio${download ? '?download=true' : ''}`;
