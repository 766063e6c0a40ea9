import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ROLE_NAMES } from '../../../lib/signed-in-fetch';
import { isApiError } from '../../../lib/api-client';
import { fieldErrors, problemText } from '../../manage/api/problems';
import { FieldError, inputClass, primaryButton, RefusalNotice } from '../../manage/components/modal';
import { createUser, refreshUsers, ROLES, type Role, type User } from '../api/users-api';

export type CreatedUser = User & { passwordLink: { url: string; expiresAt: string } };

const FIELDS = ['email', 'firstName', 'lastName', 'role'] as const;

/** Add a user: email, names, role. The answer carries the one-time password link, handed to `onCreated`. */
export function UsersAddForm({ onCreated }: { onCreated: (user: CreatedUser) => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [role, setRole] = useState<Role>('judge');
  const [error, setError] = useState<unknown>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const errors = fieldErrors(error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checks: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) checks.email = 'Give an email address, like pat@example.com.';
    setLocal(checks);
    if (Object.keys(checks).length > 0) return;
    setSending(true);
    setError(null);
    try {
      const { body } = await createUser({
        email: email.trim(),
        role,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      });
      onCreated(body);
      setEmail('');
      setFirstName('');
      setLastName('');
      await refreshUsers(queryClient);
    } catch (caught) {
      // What was typed stays: the refusal is shown at its field.
      setError(caught);
    } finally {
      setSending(false);
    }
  };

  // A taken email is named by the problem's own sentence (its field message is a bare "taken").
  const message = (name: (typeof FIELDS)[number]) =>
    local[name] ??
    (name === 'email' && isApiError(error) && error.code === 'user_exists' ? problemText(error) : errors.get(name));
  const general = [...errors].filter(([name]) => !(FIELDS as readonly string[]).includes(name));
  const field = (name: 'email' | 'firstName' | 'lastName', label: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={`new-user-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`new-user-${name}`}
        type={name === 'email' ? 'email' : 'text'}
        value={value}
        maxLength={name === 'email' ? 254 : 100}
        autoComplete="off"
        required={name === 'email'}
        onChange={(event) => set(event.target.value)}
        aria-invalid={message(name) ? true : undefined}
        aria-describedby={message(name) ? `new-user-${name}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`new-user-${name}-error`} message={message(name)} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-user-heading" className="mt-2 space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {field('email', 'Email', email, setEmail)}
        <div>
          <label htmlFor="new-user-role" className="block text-sm font-medium">
            Role
          </label>
          <select
            id="new-user-role"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            aria-invalid={message('role') ? true : undefined}
            aria-describedby={message('role') ? 'new-user-role-error' : undefined}
            className={inputClass}
          >
            {ROLES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {ROLE_NAMES[candidate]}
              </option>
            ))}
          </select>
          <FieldError id="new-user-role-error" message={message('role')} />
        </div>
        {field('firstName', 'First name', firstName, setFirstName)}
        {field('lastName', 'Last name', lastName, setLastName)}
      </div>
      <RefusalNotice error={error} general={general} fieldsNamed={errors.size - general.length} />
      <button type="submit" className={primaryButton} disabled={sending}>
        {sending ? 'Adding…' : 'Add user'}
      </button>
    </form>
  );
}
