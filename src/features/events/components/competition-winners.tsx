import { Link } from 'react-router';
import { formatScore } from '../../../../domain/scores';
import { paths } from '../../../config/paths';
import type { CompetitionWinners } from '../../../lib/api-models';

/** A card's winners: each division's first place in its last round, linked to the group's page of that season. */
export function CompetitionWinnersList({
  divisions,
  seasonId,
  label,
}: {
  divisions: CompetitionWinners['divisions'];
  seasonId: number;
  label: string;
}) {
  if (divisions.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 space-y-0.5 text-sm">
      {divisions.map(({ division, winners }) => (
        <li key={division}>
          <span className="text-slate-700 dark:text-slate-300">{division}: </span>
          {winners.map((winner, index) => (
            <span key={`${winner.name}\u0000${winner.orgGroupIdentifier}`}>
              {index > 0 ? ' and ' : ''}
              <Link className="link font-semibold" to={paths.group.href(winner, seasonId)}>
                {winner.name}
              </Link>{' '}
              <span className="tabular-nums">{formatScore(winner.score, 'total')}</span>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
