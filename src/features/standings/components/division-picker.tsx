import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { DivisionStandings } from '../../../lib/api-models';

/** The season's divisions by group type; choosing one shows its first page (`?division=`). */
export function DivisionPicker({
  seasonId,
  divisions,
  chosen,
}: {
  seasonId: number;
  divisions: DivisionStandings[];
  chosen: DivisionStandings | undefined;
}) {
  const navigate = useNavigate();
  return (
    <label className="my-4 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Division</span>
      <select
        className="max-w-full rounded border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-500 dark:bg-slate-900"
        value={chosen ? String(divisions.indexOf(chosen)) : ''}
        onChange={(event) => {
          void navigate(paths.standings.href(seasonId, divisions[Number(event.target.value)].division.name), {
            replace: true,
          });
        }}
      >
        {chosen ? null : <option value="">Choose a division</option>}
        {divisions.map(({ division, groupType, entries }, index) => (
          <option key={index} value={index}>
            {groupType ? `${groupType.name}: ` : ''}
            {division.name} ({entries.length})
          </option>
        ))}
      </select>
    </label>
  );
}
