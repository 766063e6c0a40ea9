import { formatDate } from '../../../lib/dates';
import { formatScore } from '../../../../domain/scores';
import { scoreScale, type TrendPoint } from '../utils/trend';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 32, left: 44 };

/** Total scores over the season as an inline SVG line; the performances table beside it holds the same numbers. */
export function ScoreTrendChart({ points, groupName }: { points: TrendPoint[]; groupName: string }) {
  if (points.length === 0) return null;
  const scale = scoreScale(points);
  const first = points[0].time;
  const last = points[points.length - 1].time;
  const x = (time: number) => PAD.left + (last === first ? 0.5 : (time - first) / (last - first)) * (WIDTH - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + (1 - (score - scale.min) / (scale.max - scale.min)) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = Array.from({ length: Math.floor((scale.max - scale.min) / 5) + 1 }, (_, index) => scale.min + index * 5).filter(
    (_, index, all) => all.length <= 6 || index % 2 === 0,
  );
  const path = points.map((p, index) => `${index === 0 ? 'M' : 'L'}${x(p.time).toFixed(1)},${y(p.score).toFixed(1)}`).join(' ');
  const start = points[0];
  const end = points[points.length - 1];
  const summary =
    points.length === 1
      ? `One scored performance: ${formatScore(start.score, 'total')} on ${formatDate(start.date)}.`
      : `${points.length} scored performances, from ${formatScore(start.score, 'total')} on ${formatDate(start.date)} to ${formatScore(end.score, 'total')} on ${formatDate(end.date)}; best ${formatScore(Math.max(...points.map((p) => p.score)), 'total')}.`;
  return (
    <figure className="my-4">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="trend-title trend-desc" className="h-auto w-full max-w-3xl text-slate-900 dark:text-slate-100">
        <title id="trend-title">{`Score trend of ${groupName}`}</title>
        <desc id="trend-desc">{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 6} y={y(tick)} dy="0.35em" textAnchor="end" fontSize={11} fill="currentColor">
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
        <text x={PAD.left} y={HEIGHT - 8} fontSize={11} fill="currentColor">
          {formatDate(start.date)}
        </text>
        {points.length > 1 ? (
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} fontSize={11} textAnchor="end" fill="currentColor">
            {formatDate(end.date)}
          </text>
        ) : null}
      </svg>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">{summary}</figcaption>
    </figure>
  );
}
