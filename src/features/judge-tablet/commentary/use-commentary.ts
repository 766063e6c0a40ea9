import { useSyncExternalStore } from 'react';
import type { CommentaryDevice } from './commentary-device';

export const useRecorderState = ({ recorder }: CommentaryDevice) =>
  useSyncExternalStore(recorder.subscribe, recorder.snapshot, recorder.snapshot);

export const useRecordings = ({ store }: CommentaryDevice) =>
  useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);

export const useOutboxStatus = ({ outbox }: CommentaryDevice) =>
  useSyncExternalStore(outbox.subscribe, outbox.status, outbox.status);

export const useStorageState = ({ storage }: CommentaryDevice) =>
  useSyncExternalStore(storage.subscribe, storage.snapshot, storage.snapshot);
