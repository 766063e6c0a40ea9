import { useQuery } from '@tanstack/react-query';
import { setupGroupsQueryOptions } from '../api/get-groups';

/**
 * Which groups a group's account acts for (decision 133): the organization's groups as checkboxes, by name. Shown by
 * the add form only when a group role is chosen; `error` is the page's check or the API's refusal naming groupIds.
 */
export function UsersGroupChoice({
  chosen,
  onChange,
  error,
}: {
  chosen: ReadonlySet<number>;
  onChange: (next: ReadonlySet<number>) => void;
  error: string | undefined;
}) {
  const groups = useQuery(setupGroupsQueryOptions());
  const list = [...(groups.data?.body.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset
      className="sm:col-span-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'new-user-groups-error' : 'new-user-groups-hint'}
    >
      <legend className="text-sm font-medium">Groups</legend>
      <p id="new-user-groups-hint" className="text-sm text-slate-700 dark:text-slate-300">
        The groups they act for, each with the role above: they read those groups' sheets only.
      </p>
      {groups.isPending ? (
        <p className="text-sm">Loading the groups…</p>
      ) : groups.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The groups could not load.{' '}
          <button type="button" className="underline" onClick={() => void groups.refetch()}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm">The organization has no groups yet: add them in a competition's entries first.</p>
      ) : (
        <ul className="mt-1 grid max-h-56 gap-x-4 overflow-y-auto rounded border border-slate-300 p-2 sm:grid-cols-2 dark:border-slate-700">
          {list.map((group) => (
            <li key={group.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.has(group.id)}
                  onChange={(event) => toggle(group.id, event.target.checked)}
                />
                {group.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id="new-user-groups-error" className="mt-1 text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
