import { useEffect, useRef } from 'react';
import type { CommentaryRecorder } from '../recorder';

/**
 * The microphone's input level, drawn ten times a second straight into the bar (no React render: the judge types
 * beside it). The level is a sample RMS; the bar shows it on a speech scale (-60 to 0 dBFS).
 */
export function LevelMeter({ recorder, active }: { recorder: CommentaryRecorder; active: boolean }) {
  const bar = useRef<HTMLDivElement>(null);
  const meter = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      recorder.subscribeLevel((level) => {
        const db = level > 0 ? 20 * Math.log10(level) : -60;
        const fraction = Math.min(1, Math.max(0, (db + 60) / 60));
        if (bar.current) bar.current.style.transform = `scaleX(${fraction})`;
        meter.current?.setAttribute('aria-valuenow', String(Math.round(fraction * 100)));
      }),
    [recorder],
  );
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
        className="h-full w-full origin-left bg-emerald-600 transition-transform duration-100 dark:bg-emerald-400"
        style={{ transform: 'scaleX(0)' }}
      />
    </div>
  );
}
