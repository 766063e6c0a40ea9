/**
 * The device's storage for recordings: persistent storage asked for (so the browser does not evict waiting audio
 * under pressure), and the space left (StorageManager.estimate), read again every half minute while the page is
 * open, with a warning before it runs out.
 */
import { AUDIO_BITS_PER_SECOND } from './recorder';

/** Warned below this many minutes of recording left. */
export const LOW_SPACE_MINUTES = 60;
const EVERY_MS = 30_000;

export interface StorageState {
  freeBytes: number;
  persisted: boolean;
}

export const minutesOfRecording = (bytes: number) => Math.floor(bytes / ((AUDIO_BITS_PER_SECOND / 8) * 60));

export class StorageWatch {
  private state: StorageState | null = null;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private asked = false;

  snapshot = (): StorageState | null => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) {
      void this.read();
      this.timer = setInterval(() => void this.read(), EVERY_MS);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) clearInterval(this.timer);
    };
  };

  /** Asked when the first recording starts: browsers grant it to a page the person uses (Safari, Chrome). */
  async persist(): Promise<void> {
    if (this.asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
    this.asked = true;
    await navigator.storage.persist().catch(() => false);
    await this.read();
  }

  async read(): Promise<void> {
    if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return;
    try {
      const [{ quota = 0, usage = 0 }, persisted] = await Promise.all([
        navigator.storage.estimate(),
        navigator.storage.persisted?.() ?? Promise.resolve(false),
      ]);
      const next = { freeBytes: Math.max(0, quota - usage), persisted };
      if (this.state?.freeBytes === next.freeBytes && this.state.persisted === next.persisted) return;
      this.state = next;
      for (const listener of this.listeners) listener();
    } catch {
      // not told: nothing shown
    }
  }
}
