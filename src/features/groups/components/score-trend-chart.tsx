import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import { scoreScale, type TrendPoint } from '../utils/trend';

/** Until the figure is measured (and on the server), the width it has on a wide screen. */
const DEFAULT_WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 40, left: 52 };
/** Labels in CSS pixels: the drawing is as wide as its box (one unit a pixel), so a phone does not shrink them. */
const LABEL_SIZE = 13;

/** The width of an element's box, followed as it changes. */
function useWidth<T extends HTMLElement>(): [(element: T | null) => void, number | undefined] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    // no ResizeObserver (an old browser, a test's DOM): the default width
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.round(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [useCallback((next: T | null) => setElement(next), []), width];
}

/**
 * Total scores over the season as an inline SVG line, its axes labelled; the performances table below holds the
 * same numbers. One scored performance makes no trend: it is said in words instead.
 */
export function ScoreTrendChart({ points, groupName }: { points: TrendPoint[]; groupName: string }) {
  const [figureRef, measured] = useWidth<HTMLElement>();
  if (points.length === 0) return null;
  if (points.length === 1) {
    const [only] = points;
    return (
      <p className="my-4 max-w-prose">
        One scored performance so far: {formatScore(only.score, 'total')} at {only.label} on {formatDate(only.date)}.
        The trend shows from the second scored performance on.
      </p>
    );
  }
  const WIDTH = Math.max(280, Math.min(measured ?? DEFAULT_WIDTH, 768));
  const scale = scoreScale(points);
  const first = points[0].time;
  const last = points[points.length - 1].time;
  const x = (time: number) =>
    PAD.left + (last === first ? 0.5 : (time - first) / (last - first)) * (WIDTH - PAD.left - PAD.right);
  const y = (score: number) =>
    PAD.top + (1 - (score - scale.min) / (scale.max - scale.min)) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = Array.from(
    { length: Math.floor((scale.max - scale.min) / 5) + 1 },
    (_, index) => scale.min + index * 5,
  ).filter((_, index, all) => all.length <= 6 || index % 2 === 0);
  const path = points
    .map((p, index) => `${index === 0 ? 'M' : 'L'}${x(p.time).toFixed(1)},${y(p.score).toFixed(1)}`)
    .join(' ');
  const start = points[0];
  const end = points[points.length - 1];
  const summary = `${points.length} scored performances, from ${formatScore(start.score, 'total')} on ${formatDate(start.date)} to ${formatScore(end.score, 'total')} on ${formatDate(end.date)}; best ${formatScore(Math.max(...points.map((p) => p.score)), 'total')}.`;
  return (
    <figure ref={figureRef} className="my-4 max-w-3xl">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="trend-title trend-desc"
        className="h-auto w-full text-slate-900 dark:text-slate-100"
      >
        <title id="trend-title">{`Score trend of ${groupName}`}</title>
        <desc id="trend-desc">{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            <text x={PAD.left - 6} y={y(tick)} dy="0.35em" textAnchor="end" fontSize={LABEL_SIZE} fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} className="text-blue-800 dark:text-sky-300" />
        {points.map((p) => (
          <circle key={p.key} cx={x(p.time)} cy={y(p.score)} r={4} className="fill-blue-800 dark:fill-sky-300">
            <title>{`${p.label}, ${formatDate(p.date)}: ${formatScore(p.score, 'total')}`}</title>
          </circle>
        ))}
        <text
          x={12}
          y={PAD.top + (HEIGHT - PAD.top - PAD.bottom) / 2}
          fontSize={LABEL_SIZE}
          textAnchor="middle"
          fill="currentColor"
          transform={`rotate(-90 12 ${PAD.top + (HEIGHT - PAD.top - PAD.bottom) / 2})`}
        >
          Total score
        </text>
        <text x={PAD.left} y={HEIGHT - 20} fontSize={LABEL_SIZE} fill="currentColor">
          {formatDate(start.date)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 20} fontSize={LABEL_SIZE} textAnchor="end" fill="currentColor">
          {formatDate(end.date)}
        </text>
        <text
          x={PAD.left + (WIDTH - PAD.left - PAD.right) / 2}
          y={HEIGHT - 4}
          fontSize={LABEL_SIZE}
          textAnchor="middle"
          fill="currentColor"
        >
          Date of the show
        </text>
      </svg>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
    </figure>
  );
}
