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
import { GROUP_ROLES, isGroupRole } from '../../../../domain/roles';
import type { HandedLink } from './users-password-link';
import { addGroupAccount } from '../api/group-account-writes';

const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const EMPTY: Values = { email: '', firstName: '', lastName: '', role: '' };

/** What an add answered: a new account's one-time link, or the name of an account that had one and signs in as before. */
export type Added = { kind: 'link'; handed: HandedLink } | { kind: 'existing'; name: string };

/**
 * Add a person to a group's accounts: email, names, and the role the administrator picks (none is chosen for them).
 * A new account's answer carries its one-time link, handed to `onAdded`; the form is then empty for the next person.
 */
export function GroupAccountAddForm({ groupId, onAdded }: { groupId: number; onAdded: (added: Added) => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  useUnsaved(Object.values(values).some((value) => value.trim() !== '') ? 'the new person' : null);
  const checks = useChecks(() => ({
    ...(/^[^\s@]+@[^\s@]+$/.test(values.email.trim()) ? {} : { email: 'Give an email address, like pat@example.com.' }),
    ...(isGroupRole(values.role) ? {} : { role: 'Choose a role: what may they do?' }),
  }));
  const add = useWrite({
    write: addGroupAccount,
    stale: () => [setupKeys.groupAccounts(groupId)],
    onAccepted: ({ body }) => {
      const { passwordLink, ...account } = body;
      onAdded(
        passwordLink
          ? { kind: 'link', handed: { user: account, passwordLink, kind: 'added' } }
          : { kind: 'existing', name: `${account.firstName} ${account.lastName}`.trim() || account.email },
      );
      setValues(EMPTY);
      checks.reset();
    },
  });
  const { error, isPending: sending } = add;
  const errors = fieldErrors(error);
  const set = (name: FieldName) => (value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.passes() || !isGroupRole(values.role)) return;
    add.mutate({
      groupId,
      email: values.email.trim(),
      role: values.role,
      ...(values.firstName.trim() ? { firstName: values.firstName.trim() } : {}),
      ...(values.lastName.trim() ? { lastName: values.lastName.trim() } : {}),
    });
  };

  // A 409 names the email with a bare word ("already an account of this group"): the problem's sentence says it whole.
  const message = (name: FieldName) =>
    checks.errors.get(name) ??
    (name === 'email' && isApiError(error) && error.status === 409 ? problemText(error) : errors.get(name));
  const general = [...errors].filter(([name]) => !(FIELDS as readonly string[]).includes(name));
  const text = (name: 'email' | 'firstName' | 'lastName', label: string) => (
    <Field id={`new-account-${name}`} label={label} error={message(name)}>
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
    <form onSubmit={submit} noValidate aria-labelledby="add-account-heading" className="mt-2 space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {text('email', 'Email')}
        <Field
          id="new-account-role"
          label="Role"
          error={message('role')}
          hint="Staff: reads the group's sheets and hears its commentary. Group administrator: that, and adds and removes the group's people."
        >
          {(control) => (
            <select {...control} value={values.role} required onChange={(event) => set('role')(event.target.value)}>
              <option value="">Choose a role…</option>
              {GROUP_ROLES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {ROLE_NAMES[candidate]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
      </div>
      <RefusalNotice error={error} general={general} fieldsNamed={errors.size - general.length} />
      <button type="submit" className={primaryButton} disabled={sending}>
        {sending ? 'Adding…' : 'Add person'}
      </button>
    </form>
  );
}
