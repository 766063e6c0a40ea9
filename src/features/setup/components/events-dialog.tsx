import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../manage/api/problems';
import { DialogActions, Modal, RefusalNotice } from '../../manage/components/modal';
import { createEvent, EVENT_TYPES, refreshEvents, updateEvent, type EventListItem } from '../api/events-api';
import { Field } from './events-field';

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
  const queryClient = useQueryClient();
  const [name, setName] = useState(event?.name ?? '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [eventTypeId, setEventTypeId] = useState(String(event?.eventTypeId ?? 1));
  const [startDate, setStartDate] = useState('');
  const [practice, setPractice] = useState(event?.practice ?? false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const errors = fieldErrors(error);

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const checks: Record<string, string> = {};
    if (name.trim() === '') checks.name = 'Give the event a name.';
    if (!event && startDate === '') checks.startDate = 'Give the first day of the event.';
    setLocal(checks);
    if (Object.keys(checks).length > 0) return;
    setSending(true);
    setError(null);
    try {
      const fields = {
        name: name.trim(),
        location: location.trim(),
        eventTypeId: Number(eventTypeId),
        practice,
        ...(startDate ? { startDate } : {}),
      };
      if (event) await updateEvent(event.id, fields);
      else await createEvent({ ...fields, seasonId, startDate });
      await refreshEvents(queryClient);
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setSending(false);
    }
  };
  const errorOf = (field: string) => local[field] ?? errors.get(field);
  const general = [...errors.entries()].filter(([field]) => !KNOWN_FIELDS.has(field));
  return (
    <Modal title={event ? `Edit ${event.name}` : 'New event'} open onClose={onClose}>
      <form onSubmit={(submitted) => void submit(submitted)} noValidate className="mt-3 space-y-3">
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
