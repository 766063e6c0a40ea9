import { useRef, useState } from 'react';
import { clockOf } from '../../lib/format';

export interface PlayerMark {
  offsetMs: number;
  /** "Ensemble: Vocabulary 8.5", or "Mark" for a tapped one */
  label: string;
}

/**
 * A commentary recording with its marks (issue 38): the browser's own audio controls (seekable: the served file has
 * its duration and answers Range), and under them the marks on a timeline and as a list ("Ensemble: Vocabulary 8.5
 * at 2:13"); choosing one seeks there and plays. Shared by the judge's page, the console and the groups' pages.
 */
export function CommentaryPlayer({
  src,
  title,
  durationMs,
  marks,
}: {
  src: string;
  title: string;
  durationMs: number | null;
  marks: readonly PlayerMark[];
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [failed, setFailed] = useState(false);
  const ordered = [...marks].sort((a, b) => a.offsetMs - b.offsetMs);
  const length = durationMs && durationMs > 0 ? durationMs : Math.max(1, ...ordered.map((mark) => mark.offsetMs));
  const seek = (offsetMs: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = offsetMs / 1000;
    void element.play().catch(() => undefined);
  };
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 font-semibold">
        {title}
        {durationMs ? <span className="font-normal"> · {clockOf(durationMs)}</span> : null}
      </figcaption>
      {/* the browser's own controls: keyboard and screen reader ready. A judge's spoken commentary has no captions to
          give (no transcript is made); the marks below are its text. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src}
        className="w-full"
        aria-label={`Play ${title}`}
        onError={() => setFailed(true)}
      />
      {failed ? (
        <p role="alert" className="mt-1 text-base text-red-800 dark:text-red-200">
          The recording could not be played here: try again when the network is back.
        </p>
      ) : null}
      {ordered.length > 0 ? (
        <>
          <div aria-hidden="true" className="relative mt-2 h-3 rounded-full bg-slate-200 dark:bg-slate-700">
            {ordered.map((mark, index) => (
              <span
                key={`${mark.offsetMs}-${index}`}
                className="absolute top-0 h-3 w-1 -translate-x-1/2 rounded bg-blue-800 dark:bg-blue-300"
                style={{ left: `${Math.min(100, (mark.offsetMs / length) * 100)}%` }}
              />
            ))}
          </div>
          <ol aria-label={`Marks of ${title}`} className="mt-2 flex flex-wrap gap-2">
            {ordered.map((mark, index) => (
              <li key={`${mark.offsetMs}-${index}`}>
                <button type="button" className="button min-h-11 text-base" onClick={() => seek(mark.offsetMs)}>
                  {mark.label} at {clockOf(mark.offsetMs)}
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </figure>
  );
}
