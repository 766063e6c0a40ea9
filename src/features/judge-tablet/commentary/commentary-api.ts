/**
 * The commentary operations the tablet uses (decision 128), through the one fetch layer with a swappable transport
 * (the audio outbox's tests put a fake API in its place).
 */
import type { components } from '../../../lib/api-types';
import type { Transport } from '../../../lib/api/core';
import { getAsUser, patchBytesAsUser, postAsUser } from '../../../lib/api/signed-in';

type Schemas = components['schemas'];
export type ServerRecording = Schemas['CommentaryRecording'];
export type ServerUpload = Schemas['CommentaryUpload'];
export type MarkInput = Schemas['CommentaryMarkInput'];

export interface CommentaryApi {
  createRecording(input: {
    performanceId: number;
    captionKey: string;
    contentType: string;
    key: string;
  }): Promise<ServerRecording>;
  openUpload(recordingId: number, number: number): Promise<ServerUpload>;
  uploadOffset(uploadId: number): Promise<number>;
  append(uploadId: number, offset: number, body: Blob): Promise<number>;
  finish(recordingId: number, uploads: { number: number; size: number }[]): Promise<ServerRecording>;
  addMarks(performanceId: number, captionKey: string, marks: MarkInput[]): Promise<void>;
}

export function commentaryApi(transport?: Transport): CommentaryApi {
  return {
    async createRecording({ performanceId, captionKey, contentType, key }) {
      const answer = await postAsUser('/performances/{performanceId}/commentary', {
        path: { performanceId },
        body: { captionKey, contentType, key },
        transport,
      });
      return answer.body;
    },
    async openUpload(recordingId, number) {
      const answer = await postAsUser('/commentary/recordings/{recordingId}/uploads', {
        path: { recordingId },
        body: { number },
        transport,
      });
      return answer.body;
    },
    async uploadOffset(uploadId) {
      const answer = await getAsUser('/commentary/uploads/{uploadId}', { path: { uploadId }, transport });
      return answer.body.offset;
    },
    append: (uploadId, offset, body) =>
      patchBytesAsUser('/commentary/uploads/{uploadId}', { path: { uploadId }, offset, body, transport }),
    async finish(recordingId, uploads) {
      const answer = await postAsUser('/commentary/recordings/{recordingId}/finish', {
        path: { recordingId },
        body: { uploads },
        transport,
      });
      return answer.body;
    },
    async addMarks(performanceId, captionKey, marks) {
      await postAsUser('/performances/{performanceId}/commentary/marks', {
        path: { performanceId },
        body: { captionKey, marks },
        transport,
      });
    },
  };
}
