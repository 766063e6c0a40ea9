import { errorStream } from './io.js';
/**
 * Progress of a long command on stderr: pages done of the total, the rate, and the time left at that rate. On a
 * terminal the line is redrawn in place; in a log (a pipe or a file) a line is written at most every
 * `intervalMs`, and the last one always.
 */
export interface Progress {
  /** counts one more page done */
  tick(): void;
  /** writes the final line */
  finish(): void;
}

/** Where progress goes: stderr, or the forwarding CLI's stderr when the server runs the command (io.ts). */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function startProgress(
  total: number,
  options: { stream?: ProgressStream; intervalMs?: number; now?: () => number; unit?: string } = {},
): Progress {
  const stream = options.stream ?? errorStream();
  const now = options.now ?? (() => performance.now());
  const unit = options.unit ?? 'pages';
  const interactive = Boolean(stream.isTTY);
  const intervalMs = options.intervalMs ?? (interactive ? 200 : 2_000);
  const started = now();
  let done = 0;
  let lastWritten = -Infinity;
  const write = (final: boolean) => {
    const line = progressLine(done, total, (now() - started) / 1000, unit);
    stream.write(interactive ? `\r${line}${final ? '\n' : ''}` : `${line}\n`);
    lastWritten = now();
  };
  return {
    tick() {
      done += 1;
      if (done < total && now() - lastWritten >= intervalMs) write(false);
    },
    finish() {
      write(true);
    },
  };
}

/** "1,200 of 3,404 pages, 21.4 pages/s, 1:43 left" (or "…, 2:38 in all" when done). */
export function progressLine(done: number, total: number, seconds: number, unit = 'pages'): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const count = `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${unit}`;
  const speed = `${rate.toFixed(1)} ${unit}/s`;
  if (done >= total) return `${count}, ${speed}, ${clock(seconds)} in all`;
  const left = rate > 0 ? clock((total - done) / rate) : '?';
  return `${count}, ${speed}, ${left} left`;
}

function clock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const MB = 1024 * 1024;

/**
 * Progress of work counted in bytes, shown in megabytes (a backup written or read), from its first bytes: nothing
 * while the work is done within `afterMs` (a moment), then startProgress's lines, the last when it is finished.
 */
export function startByteProgress(options: { stream?: ProgressStream; now?: () => number; afterMs?: number } = {}): {
  update(done: number, total: number): void;
  finish(): void;
} {
  const now = options.now ?? (() => performance.now());
  const target = options.stream ?? errorStream();
  const started = now();
  let shown = false;
  const stream: ProgressStream = {
    isTTY: target.isTTY,
    write(text) {
      if (!shown && now() - started < (options.afterMs ?? 1_000)) return;
      shown = true;
      target.write(text);
    },
  };
  let progress: Progress | undefined;
  let ticked = 0;
  let totalMb = 0;
  const advanceTo = (mb: number) => {
    for (; ticked < mb; ticked++) progress?.tick();
  };
  return {
    update(done, total) {
      totalMb = Math.max(1, Math.ceil(total / MB));
      progress ??= startProgress(totalMb, { stream, now, unit: 'MB' });
      advanceTo(Math.min(totalMb, Math.floor(done / MB)));
    },
    finish() {
      advanceTo(totalMb);
      if (shown) progress?.finish();
    },
  };
}
