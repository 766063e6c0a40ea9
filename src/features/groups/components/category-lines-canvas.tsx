import { useEffect, useRef, useState } from 'react';
import { formatShortPlainDate } from '../../../lib/dates';
import { localDayKey } from '../../../lib/day-keys';
import { linesRange, type CategoryProgression } from '../utils/category-lines';

/** Line colours legible on the light and the dark page, told apart by dash too (colour is never the only cue). */
export const LINE_STYLES = [
  { color: '#1d4ed8', dash: [] as number[] },
  { color: '#be185d', dash: [8, 4] },
  { color: '#047857', dash: [2, 3] },
  { color: '#b45309', dash: [10, 3, 2, 3] },
  { color: '#6d28d9', dash: [4, 4] },
  { color: '#0e7490', dash: [12, 6] },
];

const HEIGHT = 260;
/** Axis text in CSS pixels: uPlot draws at the device's pixel ratio, so a phone keeps this size. */
const FONT = '13px system-ui, sans-serif';

/**
 * Score lines (categories, or a category's captions) drawn by uPlot (decision 037), loaded on this component's first
 * render only: nothing of it is in the initial bundle. Until it has loaded (and on the server) the box keeps its
 * height; the table beside it holds the same numbers.
 */
export function CategoryLinesCanvas({ progression, axis }: { progression: CategoryProgression; axis: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const ink = getComputedStyle(element).color;
        const width = Math.max(280, element.clientWidth);
        const dayLabels = progression.shows.map((show) => formatShortPlainDate(localDayKey(show.date)));
        const axisStyle = {
          stroke: ink,
          font: FONT,
          labelFont: FONT,
          grid: { stroke: 'rgba(127,127,127,0.25)', width: 1 },
          ticks: { stroke: 'rgba(127,127,127,0.4)', width: 1 },
        };
        chart = new UPlot(
          {
            width,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            // Shows evenly spaced in date order (two rounds of one day stay two points), each labelled by its day.
            // The scores' own extent, not from zero: close categories (13 and 14) stay apart (linesRange).
            scales: {
              x: { time: false, range: (_u, min, max) => [min - 0.25, max + 0.25] },
              y: { range: linesRange(progression.lines) },
            },
            axes: [
              {
                ...axisStyle,
                label: 'Date of the show',
                space: 64,
                incrs: [1, 2, 3, 4, 5, 10, 20, 50, 100],
                values: (_u, splits) =>
                  splits.map((s) => (Number.isInteger(s) && progression.shows[s] ? dayLabels[s] : '')),
              },
              { ...axisStyle, label: axis, size: 48, values: (_u, splits) => splits.map((s) => String(s)) },
            ],
            series: [
              {},
              ...progression.lines.map((line, index) => ({
                label: line.name,
                stroke: LINE_STYLES[index % LINE_STYLES.length].color,
                dash: LINE_STYLES[index % LINE_STYLES.length].dash,
                width: 2,
                spanGaps: true,
                points: { show: true, size: 7 },
              })),
            ],
          },
          [progression.shows.map((_show, index) => index), ...progression.lines.map((line) => line.scores)],
          element,
        );
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() =>
            chart?.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }),
          );
          observer.observe(element);
        }
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [progression, axis]);
  if (failed) return <p className="text-sm">The chart did not load; the table below holds its numbers.</p>;
  return <div ref={box} style={{ minHeight: HEIGHT }} className="w-full text-slate-900 dark:text-slate-100" />;
}
