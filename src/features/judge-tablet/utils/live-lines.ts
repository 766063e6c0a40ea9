import type { TypedLine } from './sheet';

export type LiveLines = { performanceId: number; lines: TypedLine[] } | null;

/**
 * The open sheet's lines as the judge types them, for the own ranks beside it: a store of its own, so a keystroke
 * draws the sheet and the ranks and nothing else of the page (seat-view.tsx).
 */
export class LiveLinesStore {
  private value: LiveLines = null;
  private readonly listeners = new Set<() => void>();

  get = (): LiveLines => this.value;

  set(value: LiveLines): void {
    this.value = value;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
