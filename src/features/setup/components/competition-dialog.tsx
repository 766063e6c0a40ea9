import { useQuery } from '@tanstack/react-query';
import { useUnsaved } from '../../../components/signed-in/leave-guard';
import { useState, type FormEvent } from 'react';
import { Notice } from '../../../components/notice';
import { PageSkeleton } from '../../../components/skeleton';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { DialogActions, Modal, RefusalNotice, secondaryButton } from '../../../components/signed-in/modal';
import { competitionRoundsQueryOptions } from '../api/get-competition-rounds';
import { useWrite } from '../../../lib/signed-in/use-write';
import { useChecks } from '../../../lib/signed-in/use-checks';
import { setupKeys } from '../api/keys';
import {
  createCompetition,
  updateCompetition,
  type CreateCompetition,
  type UpdateCompetition,
} from '../api/event-writes';
import { GROUP_TYPES } from '../../../../domain/group-types';
import { localInputValue } from '../utils/running-order-model';
import { Field } from '../../../components/signed-in/field';

interface RoundDraft {
  number: number;
  name: string;
  /** a round the competition has: it can be renamed, not taken away (the API keeps rounds not listed) */
  saved: boolean;
}

export interface CompetitionTarget {
  id: number;
  name: string;
  date: string;
}

const MAX_ROUNDS = 20;
const KNOWN_FIELDS = new Set(['name', 'date', 'groupTypeId', 'chiefJudge']);

/** Create a competition in an event, or edit one: name, date and time, group type, chief judge and rounds. */
export function CompetitionDialog({
  eventId,
  competition,
  onClose,
}: {
  eventId: number;
  competition: CompetitionTarget | null;
  onClose: () => void;
}) {
  const title = competition ? `Edit ${competition.name}` : 'New competition';
  const current = useQuery({ ...competitionRoundsQueryOptions(competition?.id ?? 0), enabled: competition !== null });
  let content;
  if (competition && current.isPending) content = <PageSkeleton rows={3} />;
  else if (competition && current.isError)
    content = (
      <Notice tone="error" role="alert">
        Could not load the competition’s rounds: {problemText(current.error)}
      </Notice>
    );
  else {
    const body = current.data?.body;
    content = (
      <CompetitionForm
        eventId={eventId}
        competition={competition}
        chiefJudge={body?.competition.chiefJudge ?? ''}
        rounds={(body?.rounds ?? []).map((round) => ({ number: round.number, name: round.name, saved: true }))}
        onClose={onClose}
      />
    );
  }
  return (
    <Modal title={title} open onClose={onClose}>
      {content}
    </Modal>
  );
}

function CompetitionForm({
  eventId,
  competition,
  chiefJudge: savedChiefJudge,
  rounds: savedRounds,
  onClose,
}: {
  eventId: number;
  competition: CompetitionTarget | null;
  chiefJudge: string;
  rounds: RoundDraft[];
  onClose: () => void;
}) {
  const [name, setName] = useState(competition?.name ?? '');
  const [date, setDate] = useState(competition ? localInputValue(competition.date) : '');
  const [groupTypeId, setGroupTypeId] = useState('1');
  const [chiefJudge, setChiefJudge] = useState(savedChiefJudge);
  const [rounds, setRounds] = useState<RoundDraft[]>(
    savedRounds.length > 0 ? savedRounds : [{ number: 1, name: 'Finals', saved: false }],
  );
  const typed =
    name !== (competition?.name ?? '') ||
    date !== (competition ? localInputValue(competition.date) : '') ||
    chiefJudge !== savedChiefJudge ||
    JSON.stringify(rounds) !==
      JSON.stringify(savedRounds.length > 0 ? savedRounds : [{ number: 1, name: 'Finals', saved: false }]);
  useUnsaved(typed ? (competition ? `the changes to ${competition.name}` : 'the new competition') : null);
  const checks = useChecks(() => {
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = 'Give the competition a name.';
    if (date === '' || Number.isNaN(new Date(date).getTime())) found.date = 'Give its date and start time.';
    rounds.forEach((round, index) => {
      if (round.name.trim() === '') found[`rounds[${index}].name`] = 'Name the round (Prelims, Finals...).';
    });
    return found;
  });
  // a new competition's body is whole (submit builds it, with its group type)
  const save = useWrite({
    write: (fields: CreateCompetition | UpdateCompetition) =>
      competition ? updateCompetition(competition.id, fields) : createCompetition(eventId, fields as CreateCompetition),
    stale: () => [setupKeys.events()],
    onSuccess: onClose,
  });
  const { error, isPending: sending } = save;
  const errors = fieldErrors(error);

  const rename = (index: number, value: string) =>
    setRounds((list) => list.map((round, at) => (at === index ? { ...round, name: value } : round)));
  const addRound = () =>
    setRounds((list) => [
      ...list,
      { number: Math.max(0, ...list.map((round) => round.number)) + 1, name: '', saved: false },
    ]);
  const removeRound = (index: number) => setRounds((list) => list.filter((_, at) => at !== index));

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!checks.passes()) return;
    const fields = {
      name: name.trim(),
      // The browser's zone: the time typed is the time at the show, as the person at the show's laptop reads it.
      date: new Date(date).toISOString(),
      chiefJudge: chiefJudge.trim(),
      rounds: rounds.map((round) => ({ number: round.number, name: round.name.trim() })),
    };
    save.mutate(competition ? fields : { ...fields, groupTypeId: Number(groupTypeId) });
  };
  const errorOf = (field: string) => checks.errors.get(field) ?? errors.get(field);
  const general = [...errors.entries()].filter(
    ([field]) => !KNOWN_FIELDS.has(field) && !/^rounds\[\d+\]\.name$/.test(field),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <Field id="competition-name" label="Name" error={errorOf('name')}>
        {(control) => (
          <input {...control} value={name} maxLength={200} onChange={(change) => setName(change.target.value)} />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="competition-date" label="Date and start time" error={errorOf('date')}>
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={date}
              onChange={(change) => setDate(change.target.value)}
            />
          )}
        </Field>
        <Field
          id="competition-group-type"
          label={competition ? 'Group type (set when created)' : 'Group type'}
          error={errorOf('groupTypeId')}
        >
          {(control) =>
            competition ? (
              <input {...control} value="Kept as created" readOnly />
            ) : (
              <select {...control} value={groupTypeId} onChange={(change) => setGroupTypeId(change.target.value)}>
                {GROUP_TYPES.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            )
          }
        </Field>
      </div>
      <Field id="competition-chief-judge" label="Chief judge (optional)" error={errorOf('chiefJudge')}>
        {(control) => (
          <input
            {...control}
            value={chiefJudge}
            maxLength={200}
            onChange={(change) => setChiefJudge(change.target.value)}
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Rounds, in the order they are held</legend>
        {rounds.map((round, index) => (
          <div key={round.number} className="flex items-start gap-2">
            <Field
              id={`round-${round.number}`}
              label={`Round ${round.number} name`}
              error={errorOf(`rounds[${index}].name`)}
              className="grow"
            >
              {(control) => (
                <input
                  {...control}
                  value={round.name}
                  maxLength={100}
                  onChange={(change) => rename(index, change.target.value)}
                />
              )}
            </Field>
            {!round.saved && rounds.length > 1 ? (
              <button
                type="button"
                className={`${secondaryButton} mt-6`}
                onClick={() => removeRound(index)}
                aria-label={`Remove round ${round.number}`}
              >
                Remove
              </button>
            ) : null}
          </div>
        ))}
        {rounds.length < MAX_ROUNDS ? (
          <button type="button" className={secondaryButton} onClick={addRound}>
            Add a round
          </button>
        ) : null}
      </fieldset>
      <RefusalNotice error={error} general={general} fieldsNamed={errors.size} />
      <DialogActions onClose={onClose} sending={sending} />
    </form>
  );
}
