import { useState, type FormEvent } from 'react';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { fieldErrors } from '../../../lib/signed-in/problems';
import { DialogActions, Modal, RefusalNotice } from '../../../components/signed-in/modal';
import { useWrite } from '../../../lib/signed-in/use-write';
import { useChecks } from '../../../lib/signed-in/use-checks';
import { setupKeys } from '../api/keys';
import { createEvent, updateEvent, type CreateEvent, type UpdateEvent } from '../api/event-writes';
import { EVENT_TYPES } from '../utils/event-types';
import type { EventListItem } from '../api/get-season-events';
import { Field } from '../../../components/signed-in/field';

const KNOWN_FIELDS = new Set(['name', 'location', 'eventTypeId', 'startDate', 'practice', 'seasonId']);

/**
 * Create an event in a season (the API's CreateEvent), or edit one (only what changed is sent). The API's answer
 * names no start date for an existing event, so editing leaves it as it is unless a new one is typed.
 */
export function EventDialog({
  seasonId,
  event,
  onClose,
}: {
  seasonId: number;
  event: EventListItem | null;
  onClose: () => void;
}) {
  const [name, setName] = useState(event?.name ?? '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [eventTypeId, setEventTypeId] = useState(String(event?.eventTypeId ?? 1));
  const [startDate, setStartDate] = useState('');
  const [practice, setPractice] = useState(event?.practice ?? false);
  const typed =
    name !== (event?.name ?? '') ||
    location !== (event?.location ?? '') ||
    eventTypeId !== String(event?.eventTypeId ?? 1) ||
    startDate !== '' ||
    practice !== (event?.practice ?? false);
  useUnsaved(typed ? (event ? `the changes to ${event.name}` : 'the new event') : null);
  const checks = useChecks(() => ({
    ...(name.trim() === '' ? { name: 'Give the event a name.' } : {}),
    ...(!event && startDate === '' ? { startDate: 'Give the first day of the event.' } : {}),
  }));
  // a new event's body is whole (submit builds it); an edit sends the fields of the form
  const save = useWrite({
    write: (fields: CreateEvent | UpdateEvent) =>
      event ? updateEvent(event.id, fields) : createEvent(fields as CreateEvent),
    stale: () => [setupKeys.events()],
    onSuccess: onClose,
  });
  const { error, isPending: sending } = save;
  const errors = fieldErrors(error);

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!checks.passes()) return;
    const fields = {
      name: name.trim(),
      location: location.trim(),
      eventTypeId: Number(eventTypeId),
      practice,
      ...(startDate ? { startDate } : {}),
    };
    save.mutate(event ? fields : { ...fields, seasonId, startDate });
  };
  const errorOf = (field: string) => checks.errors.get(field) ?? errors.get(field);
  const general = [...errors.entries()].filter(([field]) => !KNOWN_FIELDS.has(field));
  return (
    <Modal title={event ? `Edit ${event.name}` : 'New event'} open onClose={onClose}>
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <Field id="event-name" label="Name" error={errorOf('name')}>
          {(control) => (
            <input {...control} value={name} maxLength={200} onChange={(change) => setName(change.target.value)} />
          )}
        </Field>
        <Field id="event-location" label="Location (optional)" error={errorOf('location')}>
          {(control) => (
            <input
              {...control}
              value={location}
              maxLength={200}
              onChange={(change) => setLocation(change.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="event-type" label="Type" error={errorOf('eventTypeId')}>
            {(control) => (
              <select {...control} value={eventTypeId} onChange={(change) => setEventTypeId(change.target.value)}>
                {EVENT_TYPES.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="event-start"
            label={event ? 'First day (empty: unchanged)' : 'First day'}
            error={errorOf('startDate')}
          >
            {(control) => (
              <input
                {...control}
                type="date"
                value={startDate}
                onChange={(change) => setStartDate(change.target.value)}
              />
            )}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={practice} onChange={(change) => setPractice(change.target.checked)} />
          Practice event
        </label>
        <RefusalNotice error={error} general={general} fieldsNamed={errors.size} />
        <DialogActions onClose={onClose} sending={sending} />
      </form>
    </Modal>
  );
}
