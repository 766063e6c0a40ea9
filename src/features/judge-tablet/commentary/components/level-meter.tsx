import { useEffect, useRef } from 'react';
import type { CommentaryRecorder } from '../recorder';

/** Assistive technology is told the level at most this often: a screen reader has no use for ten changes a second. */
const SAID_EVERY_MS = 1_000;

/**
 * The microphone's input level, drawn straight into the bar (no React render: the judge types beside it). The level
 * is a sample RMS; the bar shows it on a speech scale (-60 to 0 dBFS). A new level is drawn in the next animation
 * frame (the frame a keystroke paints in, when one is on its way, not a frame of its own), with no transition: a
 * transition restarted ten times a second kept the browser making frames between them. The bar is a layer of its own
 * (will-change): a new level moves it on the compositor, nothing is painted again.
 */
export function LevelMeter({ recorder, active }: { recorder: CommentaryRecorder; active: boolean }) {
  const bar = useRef<HTMLDivElement>(null);
  const meter = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let latest = 0;
    let drawn = -1;
    let frame = 0;
    let saidAt = Number.NEGATIVE_INFINITY;
    let said = 0;
    const draw = () => {
      frame = 0;
      if (latest === drawn) return;
      drawn = latest;
      if (bar.current) bar.current.style.transform = `scaleX(${latest})`;
      const percent = Math.round(latest * 100);
      const now = performance.now();
      // said at once when it falls to nothing or rises from it (a muted microphone is news), else once a second
      if (percent !== said && ((percent === 0) !== (said === 0) || now - saidAt >= SAID_EVERY_MS)) {
        meter.current?.setAttribute('aria-valuenow', String(percent));
        said = percent;
        saidAt = now;
      }
    };
    const unsubscribe = recorder.subscribeLevel((level) => {
      const db = level > 0 ? 20 * Math.log10(level) : -60;
      latest = Math.min(1, Math.max(0, (db + 60) / 60));
      if (frame === 0) frame = requestAnimationFrame(draw);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [recorder]);
  return (
    <div
      ref={meter}
      role="meter"
      aria-label="Microphone level"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      className={`h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700 ${active ? '' : 'opacity-50'}`}
    >
      <div
        ref={bar}
        className="h-full w-full origin-left bg-emerald-600 will-change-transform dark:bg-emerald-400"
        style={{ transform: 'scaleX(0)' }}
      />
    </div>
  );
}
