import { useState, type FormEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { ROLE_NAMES } from '../../../lib/signed-in/get-me';
import { isApiError } from '../../../lib/api/core';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { primaryButton, RefusalNotice } from '../../../components/signed-in/modal';
import { Field } from '../../../components/signed-in/field';
import { useChecks } from '../../../lib/signed-in/use-checks';
import { useWrite } from '../../../lib/signed-in/use-write';
import { setupKeys } from '../api/keys';
import { createUser } from '../api/user-writes';
import { isGroupRole, isRole, ROLES } from '../../../../domain/roles';
import type { HandedLink } from './users-password-link';
import { UsersGroupChoice } from './users-group-choice';

const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const EMPTY: Values = { email: '', firstName: '', lastName: '', role: '' };

/**
 * Add a user: email, names, and a role the administrator picks (none is chosen for them: a role given by default
 * is a role nobody decided). The answer carries the one-time password link, handed to `onCreated`; the form is then
 * empty for the next user.
 */
export function UsersAddForm({ onCreated }: { onCreated: (handed: HandedLink) => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  // A group role's groups (decision 133): asked only with a group role, sent only with one.
  const [groupIds, setGroupIds] = useState<ReadonlySet<number>>(new Set());
  const forGroups = isGroupRole(values.role);
  useUnsaved(Object.values(values).some((value) => value.trim() !== '') ? 'the new user' : null);
  const checks = useChecks(() => ({
    ...(/^[^\s@]+@[^\s@]+$/.test(values.email.trim()) ? {} : { email: 'Give an email address, like pat@example.com.' }),
    ...(isRole(values.role) ? {} : { role: 'Choose a role: what may they do?' }),
    ...(forGroups && groupIds.size === 0 ? { groupIds: 'Choose the groups they act for.' } : {}),
  }));
  // What was typed stays on a refusal: it is shown at its field.
  const add = useWrite({
    write: createUser,
    stale: () => [setupKeys.users()],
    onAccepted: ({ body }) => {
      const { passwordLink, ...user } = body;
      onCreated({ user, passwordLink, kind: 'added' });
      setValues(EMPTY);
      setGroupIds(new Set());
      checks.reset();
    },
  });
  const { error, isPending: sending } = add;
  const errors = fieldErrors(error);
  const set = (name: FieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.passes() || !isRole(values.role)) return;
    add.mutate({
      email: values.email.trim(),
      role: values.role,
      ...(isGroupRole(values.role) ? { groupIds: [...groupIds] } : {}),
      ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
      ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
    });
  };

  // A taken email is named by the problem's own sentence (its field message is a bare "taken").
  const message = (name: FieldName) =>
    checks.errors.get(name) ??
    (name === 'email' && isApiError(error) && error.code === 'user_exists' ? problemText(error) : errors.get(name));
  const general = [...errors].filter(
    ([name]) => !(FIELDS as readonly string[]).includes(name) && !(forGroups && name === 'groupIds'),
  );
  const shownAtFields = errors.size - general.length;
  const text = (name: 'email' | 'firstName' | 'lastName', label: string) => (
    <Field id={`new-user-${name}`} label={label} error={message(name)}>
      {(control) => (
        <input
          {...control}
          type={name === 'email' ? 'email' : 'text'}
          value={values[name]}
          maxLength={name === 'email' ? 254 : 100}
          autoComplete="off"
          required={name === 'email'}
          onChange={(event) => set(name)(event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-user-heading" className="mt-2 space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {text('email', 'Email')}
        <Field
          id="new-user-role"
          label="Role"
          error={message('role')}
          hint="Judge: their own captions. Chief judge: signs off. Tabulator: set-up and the console. Administrator: all, and users. Group administrator (a director): their groups' sheets and people. Group staff: their groups' sheets."
        >
          {(control) => (
            <select {...control} value={values.role} required onChange={(event) => set('role')(event.target.value)}>
              <option value="">Choose a role…</option>
              {ROLES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {ROLE_NAMES[candidate]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
        {forGroups ? (
          <UsersGroupChoice
            chosen={groupIds}
            onChange={setGroupIds}
            error={checks.errors.get('groupIds') ?? errors.get('groupIds')}
          />
        ) : null}
      </div>
      <RefusalNotice error={error} general={general} fieldsNamed={shownAtFields} />
      <button type="submit" className={primaryButton} disabled={sending}>
        {sending ? 'Adding…' : 'Add user'}
      </button>
    </form>
  );
}
