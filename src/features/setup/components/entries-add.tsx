import { useQuery } from '@tanstack/react-query';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Notice } from '../../../components/notice';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { primaryButton, RefusalNotice, secondaryButton } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { useChecks } from '../../../lib/signed-in/use-checks';
import { setupKeys } from '../api/keys';
import { addPerformance } from '../api/performance-writes';
import { createGroup, type CreateGroup } from '../api/group-writes';
import { setupGroupsQueryOptions, type ApiGroup } from '../api/get-groups';
import type { Division } from '../api/get-divisions';
import { Field } from '../../../components/signed-in/field';

/** As many as the banner's search suggests. */
const SUGGESTIONS = 8;

/** One entry of the finder: what the banner's search matches (its SearchEntry's shape, kept structural). */
export interface FinderEntry {
  /** the banner's kinds; the finder lists groups only */
  kind: 'group' | 'event' | 'competition' | 'judge';
  name: string;
  detail: string;
  keywords?: string;
  href: string;
}

/**
 * The banner's matcher, handed in by the route (features do not import each other): `createMatcher` of the
 * search feature, the same words, typos and equivalents as the banner's search.
 */
export type MakeMatcher = (entries: readonly FinderEntry[]) => {
  find(query: string, limit: number): readonly FinderEntry[];
};

export interface Section {
  divisionId: number;
  divisionName: string;
  round: number;
  roundName: string;
}

/**
 * Registration of one division and round: find an existing group by the banner's matcher (the same words, typos and
 * equivalents; decision 095) over the organization's groups, or create one (name, location, division), and add it
 * at the end of the running order.
 */
export function EntriesAdd({
  competitionId,
  section,
  divisions,
  registered,
  nextOrder,
  makeMatcher,
}: {
  makeMatcher: MakeMatcher;
  competitionId: number;
  section: Section;
  divisions: Division[];
  /** the groups already in this division and round */
  registered: ReadonlySet<number>;
  nextOrder: number;
}) {
  const id = useId();
  const groups = useQuery(setupGroupsQueryOptions());
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const add = useWrite({
    write: ({ group, order }: { group: { id: number; name: string }; order: number }) =>
      addPerformance(competitionId, { groupId: group.id, divisionId: section.divisionId, round: section.round, order }),
    stale: () => [setupKeys.schedule(competitionId)],
    onSuccess: (_, { group, order }) =>
      setAnnouncement(`${group.name} added to ${section.divisionName} ${section.roundName}, position ${order}.`),
  });
  const adding = add.isPending ? add.variables.group.id : null;
  const addError = add.isError ? { group: add.variables.group.name, error: add.error } : null;

  const byEntry = useMemo(() => {
    const found = new Map<FinderEntry, ApiGroup>();
    for (const group of groups.data?.body.data ?? []) {
      found.set(
        {
          kind: 'group',
          name: group.name,
          detail: [group.groupType.name, group.division.name, group.location].filter(Boolean).join(' · '),
          keywords: group.groupType.name,
          href: '',
        },
        group,
      );
    }
    return found;
  }, [groups.data]);
  const matcher = useMemo(() => makeMatcher([...byEntry.keys()]), [byEntry, makeMatcher]);
  const results = query.trim() === '' ? [] : matcher.find(query, SUGGESTIONS);

  /** Settles once added or refused (a refusal shows as `addError`). */
  const register = (group: { id: number; name: string }) =>
    add.mutateAsync({ group, order: nextOrder }).then(
      () => undefined,
      () => undefined,
    );

  return (
    <section aria-labelledby="add-heading" className="mt-4 space-y-3">
      <h2 id="add-heading" className="text-lg font-semibold">
        Add groups to {section.divisionName} {section.roundName}
      </h2>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div>
        <label htmlFor={`${id}-find`} className="block text-sm font-medium">
          Find a group
        </label>
        <input
          id={`${id}-find`}
          type="search"
          value={query}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={`${id}-found`}
          className="w-full max-w-md rounded border border-slate-400 bg-white px-2 py-1 dark:border-slate-500 dark:bg-slate-950"
        />
        <p id={`${id}-found`} role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {groups.isPending
            ? 'Loading the groups…'
            : groups.isError
              ? ''
              : query.trim() === ''
                ? 'Type a name or a town.'
                : `${results.length === 0 ? 'No' : results.length} group${results.length === 1 ? '' : 's'} found.`}
        </p>
        {groups.isError ? (
          <Notice tone="error" role="alert">
            Could not load the groups: {problemText(groups.error)}
          </Notice>
        ) : null}
        {results.length > 0 ? (
          <ul className="mt-1 max-w-2xl divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {results.map((entry) => {
              const group = byEntry.get(entry)!;
              const already = registered.has(group.id);
              return (
                <li key={group.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5">
                  <span className="min-w-0">
                    <span className="font-medium">{group.name}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">{entry.detail}</span>
                  </span>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={already || adding !== null}
                    onClick={() => void register(group)}
                    aria-label={already ? `${group.name} is registered` : `Add ${group.name}`}
                  >
                    {already ? 'Registered' : adding === group.id ? 'Adding…' : 'Add'}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {addError ? (
          <Notice tone="error" role="alert">
            {addError.group} was not added: {problemText(addError.error)}
          </Notice>
        ) : null}
      </div>
      <NewGroupForm
        // a new form for each division and round shown: its division starts as the page's, not the first one's
        key={`${section.divisionId}:${section.round}`}
        section={section}
        divisions={divisions}
        onCreated={register}
      />
    </section>
  );
}

const GROUP_FIELDS = new Set(['name', 'location', 'divisionId']);

/** A group the organization does not have yet: created, then added to the division and round. */
function NewGroupForm({
  section,
  divisions,
  onCreated,
}: {
  section: Section;
  divisions: Division[];
  onCreated: (group: { id: number; name: string }) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const [divisionId, setDivisionId] = useState(String(section.divisionId));
  useUnsaved(open && (name.trim() !== '' || location.trim() !== '') ? 'the new group' : null);
  const checks = useChecks(() => (name.trim() === '' ? { name: 'Give the group’s name.' } : {}));
  const create = useWrite({
    write: createGroup,
    stale: () => [setupKeys.groups()],
    onSuccess: async ({ body }) => {
      await onCreated({ id: body.id, name: body.name });
      setName('');
      setLocation('');
      checks.reset();
      setOpen(false);
    },
  });
  const { error, isPending: sending } = create;
  const errors = fieldErrors(error);

  if (!open)
    return (
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Create a new group
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.passes()) return;
    const body: CreateGroup = { name: name.trim(), location: location.trim(), divisionId: Number(divisionId) };
    create.mutate(body);
  };
  const errorOf = (field: string) => checks.errors.get(field) ?? errors.get(field);
  const general = [...errors.entries()].filter(([field]) => !GROUP_FIELDS.has(field));
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="new-group-heading"
      className="max-w-2xl space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800"
    >
      <h3 id="new-group-heading" className="font-semibold">
        New group
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="group-name" label="Name" error={errorOf('name')}>
          {(control) => (
            <input {...control} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <Field id="group-location" label="Location (optional)" error={errorOf('location')}>
          {(control) => (
            <input
              {...control}
              value={location}
              maxLength={200}
              onChange={(event) => setLocation(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field id="group-division" label="Its division" error={errorOf('divisionId')}>
        {(control) => (
          <select {...control} value={divisionId} onChange={(event) => setDivisionId(event.target.value)}>
            {divisions.map((division) => (
              <option key={division.id} value={division.id}>
                {division.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <RefusalNotice error={error} general={general} fieldsNamed={errors.size} />
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Creating…' : `Create and add to ${section.divisionName} ${section.roundName}`}
        </button>
      </div>
    </form>
  );
}
