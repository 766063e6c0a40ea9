import { useMemo } from 'react';
import type { DivisionRoundScores } from '../utils/recap-types';
import { recapLegend } from '../utils/recap-legend';

/**
 * "What the abbreviations mean": a closed disclosure (one line on a phone) with the recap's abbreviations and how
 * each category is scored. A native <details>: it opens by keyboard and is announced as a disclosure without script,
 * so it works before the page hydrates.
 */
export function RecapLegend({ sections }: { sections: DivisionRoundScores[] }) {
  const legend = useMemo(() => recapLegend(sections), [sections]);
  return (
    <details className="my-3 text-sm">
      <summary className="cursor-pointer py-1 font-semibold text-blue-900 dark:text-sky-300">
        What the abbreviations mean
      </summary>
      <div className="mt-2 max-w-prose space-y-3">
        <dl aria-label="Abbreviations" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {legend.abbreviations.map(({ abbreviation, meaning, note }) => (
            <div key={abbreviation} className="contents">
              <dt className="font-semibold">{abbreviation}</dt>
              <dd>
                {meaning}
                {note ? <span className="text-slate-700 dark:text-slate-300">: {note}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        {legend.unknown.length > 0 ? (
          <p>Not in our catalogue of score sheets, so not explained here: {legend.unknown.join(', ')}.</p>
        ) : null}
        <p id="recap-legend-rules" className="font-semibold">
          How each category is scored
        </p>
        <dl aria-labelledby="recap-legend-rules" className="space-y-1">
          {legend.categories.map((category) => (
            <div key={category.name}>
              <dt className="font-semibold">{category.name}</dt>
              {category.rules.map(({ rule, captions, sections: where }) => (
                <dd key={`${rule}:${captions.join()}:${where.join()}`} className="ml-4">
                  {where.length > 0 ? `${where.join(', ')}: ` : ''}
                  {rule ?? 'the rule is not known (this sheet is not in our catalogue)'}
                  <span className="text-slate-700 dark:text-slate-300"> — {captions.join(', ')}</span>
                </dd>
              ))}
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
