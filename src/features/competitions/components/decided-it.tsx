import { formatScore } from '../../../../domain/scores';
import type { DivisionRoundScores } from '../utils/recap-types';
import { closePlacements, type CaptionDifference, type ClosePlacement } from '../utils/decided-it';

/** Loaded on use (DecidedItDisclosure): computed when a reader opens it, never on the recap's first render. */
export default function DecidedIt({ section }: { section: DivisionRoundScores }) {
  const placements = closePlacements(section);
  return (
    <div className="space-y-4">
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Scores as the recap publishes them: totals to three decimals, categories and captions to two. A difference is
        the lower group&apos;s: + where it gained, − where it lost. Where a caption does not count point for point in
        the total, &ldquo;counts&rdquo; says how it does, as this sheet adds its categories up (read from its own
        numbers): half in a halved sum or a mean of two judges, in full where a doubled panel&apos;s judges are summed.
        The lines add up to the margin.
      </p>
      {placements.map((placement) => (
        <Placement key={placement.lower.performanceId} placement={placement} />
      ))}
    </div>
  );
}

const signed = (value: number, format: 'caption' | 'total') =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${formatScore(Math.abs(value), format)}`;

const captionName = (c: CaptionDifference) => `${c.name}${c.judge ? ` (${c.judge})` : ''}`;

function Placement({ placement: p }: { placement: ClosePlacement }) {
  const upper = p.upper.group.name;
  const lower = p.lower.group.name;
  const title = p.tied
    ? `Tied for ${p.place}: ${upper} and ${lower}`
    : `Place ${p.place}: ${upper} over ${lower} by ${formatScore(p.margin, 'total')}`;
  const id = `decided-${p.lower.performanceId}`;
  const lostMost = p.madeUpIn.map((c) => `${captionName(c)} ${signed(c.counts, 'caption')}`).join(', ');
  return (
    <section aria-labelledby={id} className="rounded-md border border-slate-300 p-3 dark:border-slate-700">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm">
        {p.tied ? (
          <>Any gain would have broken the tie for {lower}.</>
        ) : (
          <>
            Gap to pass: {formatScore(p.margin, 'total')} for {lower}.
          </>
        )}{' '}
        {lostMost ? <>Most points lost in: {lostMost}.</> : <>{lower} lost no caption.</>}
        {p.decidedByPenalty ? (
          <>
            {' '}
            A penalty decided it: {lower} was{' '}
            {p.subtotalMargin === 0 ? 'level' : `ahead by ${formatScore(-p.subtotalMargin, 'total')}`} before penalties,
            and had {formatScore(p.penaltyDifference, 'penalty')} more taken off.
          </>
        ) : null}
      </p>
      <div className="mt-2 overflow-x-auto" role="region" tabIndex={0} aria-label="What decided it, caption by caption">
        <table className="data-table">
          <caption className="sr-only">
            Captions, {lower} against {upper}
          </caption>
          <thead>
            <tr>
              <th scope="col">Caption</th>
              <th scope="col" className="num">
                {upper}
              </th>
              <th scope="col" className="num">
                {lower}
              </th>
              <th scope="col" className="num">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {p.categories.flatMap((category) =>
              category.captions.map((c) => (
                <tr key={c.key}>
                  <th scope="row" className="font-normal">
                    {captionName(c)}
                  </th>
                  <td className="num">{formatScore(c.upper, 'caption')}</td>
                  <td className="num">{formatScore(c.lower, 'caption')}</td>
                  <td className="num">
                    {signed(c.difference, 'caption')}
                    {c.counts !== c.difference ? (
                      <span className="block text-xs">counts {signed(c.counts, 'caption')}</span>
                    ) : null}
                  </td>
                </tr>
              )),
            )}
            {p.penaltyDifference !== 0 ? (
              <tr>
                <th scope="row" className="font-normal">
                  Timing &amp; Penalties
                </th>
                <td className="num">{formatScore(p.upper.penalty, 'penalty')}</td>
                <td className="num">{formatScore(p.lower.penalty, 'penalty')}</td>
                <td className="num">{signed(p.penaltyCounts, 'total')}</td>
              </tr>
            ) : null}
            {p.rounding !== 0 ? (
              <tr>
                <th scope="row" className="font-normal">
                  Rounding of the printed scores
                </th>
                <td className="num" />
                <td className="num" />
                <td className="num">{signed(p.rounding, 'total')}</td>
              </tr>
            ) : null}
            <tr>
              <th scope="row">Total</th>
              <td className="num font-semibold">{formatScore(p.upper.total.score, 'total')}</td>
              <td className="num font-semibold">{formatScore(p.lower.total.score, 'total')}</td>
              <td className="num font-semibold">{signed(-p.margin, 'total')}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
