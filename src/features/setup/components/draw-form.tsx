import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/signed-in/field';
import { FieldError, primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import type { DrawRecord } from '../api/get-draws';
import { commitDraw, previewDraw, type DrawRequest } from '../api/draw-writes';
import { setupKeys } from '../api/keys';
import { useSeasonCompetitions } from '../api/use-season-competitions';
import {
  drawRequest,
  initialForm,
  MAX_FLIGHTS,
  MAX_TIER,
  MIN_FLIGHTS,
  moved,
  newSeed,
  problemsFromApi,
  RULES,
  type DrawForm as Form,
  type Entry,
} from '../utils/draw-model';
import { DrawOrder } from './draw-order';

/**
 * One division and round's draw: the rule and its inputs, a seed (a new random one, or the circuit's own), Preview
 * (the order the API computes, nothing saved) and Commit (recorded, the division's running order from then on).
 * What was typed stays whatever the server answers; its refusals show beside the field they name.
 */
export function DrawForm({
  competitionId,
  section,
  entries,
  seasonId,
}: {
  competitionId: number;
  section: { round: number; divisionId: number; name: string };
  entries: readonly Entry[];
  /** the competition's season, whose other competitions' scores the score rules may rank by */
  seasonId: number;
}) {
  const [form, setForm] = useState<Form>(() => initialForm(entries, newSeed()));
  const [checks, setChecks] = useState<Map<string, string>>(new Map());
  const [sent, setSent] = useState<DrawRequest>();
  const [preview, setPreview] = useState<DrawRecord>();
  const previewWrite = useWrite({
    write: (body: DrawRequest) => previewDraw(competitionId, body),
    onSuccess: (answer) => setPreview(answer.body.record),
  });
  const commitWrite = useWrite({
    write: (body: DrawRequest) => commitDraw(competitionId, body),
    stale: () => [setupKeys.draws(competitionId), setupKeys.schedule(competitionId)],
  });
  const scoreRule = form.rule === 'reverse-score' || form.rule === 'seeded' || form.rule === 'flights';
  const season = useSeasonCompetitions(seasonId, competitionId, scoreRule && form.scoreFrom === 'competition');
  const names = new Map(entries.map((entry) => [entry.groupId, entry.name]));
  const refusal = commitWrite.error ?? previewWrite.error;
  const problems = new Map([...problemsFromApi(fieldErrors(refusal), sent), ...checks]);
  const busy = previewWrite.isPending || commitWrite.isPending;
  const committed = commitWrite.data?.body;

  const change = (next: Partial<Form>) => {
    setForm((current) => ({ ...current, ...next }));
    // What was previewed is no longer what the form says.
    setPreview(undefined);
    setChecks(new Map());
    previewWrite.reset();
    commitWrite.reset();
  };
  const send = (which: 'preview' | 'commit') => {
    const made = drawRequest(form, entries, { round: section.round, divisionId: section.divisionId });
    if ('problems' in made) {
      setChecks(made.problems);
      return;
    }
    setChecks(new Map());
    setSent(made.body);
    previewWrite.reset();
    commitWrite.reset();
    if (which === 'preview') previewWrite.mutate(made.body);
    // what was previewed is what is recorded: the API refuses (409) a draw that changed since
    else
      commitWrite.mutate(
        preview ? { ...made.body, previewedOrder: preview.order.map((place) => place.groupId) } : made.body,
      );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('preview');
  };
  const id = (name: string) => `draw-${section.divisionId}-${section.round}-${name}`;
  const formLevel = refusal && !problems.has('seed') ? problemText(refusal) : undefined;
  const otherFields = [...problems].filter(
    ([name]) =>
      !['seed', 'tiers', 'scoreCompetitionId', 'flights', 'blocks', 'order'].includes(name) &&
      !name.startsWith('tiers['),
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby={id('heading')} className="mt-4 space-y-4">
      <h2 id={id('heading')} className="text-xl font-semibold">
        Draw {section.name}
      </h2>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Rule</legend>
        {RULES.map((rule) => (
          <div key={rule.rule} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              id={id(`rule-${rule.rule}`)}
              name={id('rule')}
              value={rule.rule}
              checked={form.rule === rule.rule}
              onChange={() => change({ rule: rule.rule })}
              aria-describedby={id(`rule-${rule.rule}-hint`)}
              className="mt-1"
            />
            <div>
              <label htmlFor={id(`rule-${rule.rule}`)} className="font-medium">
                {rule.label}
              </label>
              <p id={id(`rule-${rule.rule}-hint`)} className="text-xs text-slate-700 dark:text-slate-300">
                {rule.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>

      {form.rule === 'random' ? (
        <div className="space-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.inTiers}
              onChange={(event) => change({ inTiers: event.target.checked })}
            />
            Draw in tiers (e.g. paid by the deadline, non-members first)
          </label>
          {form.inTiers ? (
            <fieldset aria-describedby={problems.get('tiers') ? id('tiers-error') : undefined}>
              <legend className="text-sm font-medium">Each group&rsquo;s tier (tier 1 performs first)</legend>
              <ul className="mt-1 grid gap-2 sm:grid-cols-2">
                {entries.map((entry) => (
                  <li key={entry.groupId}>
                    <Field
                      id={id(`tier-${entry.groupId}`)}
                      label={`Tier of ${entry.name}`}
                      error={problems.get(`tiers[${entry.groupId}]`)}
                    >
                      {(control) => (
                        <input
                          {...control}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={MAX_TIER}
                          value={form.tiers[entry.groupId] ?? ''}
                          onChange={(event) =>
                            change({ tiers: { ...form.tiers, [entry.groupId]: event.target.value } })
                          }
                        />
                      )}
                    </Field>
                  </li>
                ))}
              </ul>
              <FieldError id={id('tiers-error')} message={problems.get('tiers')} />
            </fieldset>
          ) : null}
        </div>
      ) : null}

      {scoreRule ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Scores to rank by</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={id('score-from')}
              checked={form.scoreFrom === 'season'}
              onChange={() => change({ scoreFrom: 'season' })}
            />
            Each group&rsquo;s latest released total this season
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={id('score-from')}
              checked={form.scoreFrom === 'competition'}
              onChange={() => change({ scoreFrom: 'competition' })}
            />
            A named competition&rsquo;s totals
          </label>
          {form.scoreFrom === 'competition' ? (
            <Field
              id={id('score-competition')}
              label="Competition"
              error={
                problems.get('scoreCompetitionId') ??
                (season.failed ? "The season's competitions could not be read: reload to try again." : undefined)
              }
            >
              {(control) => (
                <select
                  {...control}
                  value={form.scoreCompetitionId}
                  onChange={(event) => change({ scoreCompetitionId: event.target.value })}
                >
                  <option value="">
                    {season.pending ? 'Reading the season’s competitions…' : 'Choose a competition of this season'}
                  </option>
                  {season.competitions.map((competition) => (
                    <option key={competition.id} value={competition.id}>
                      {competition.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </fieldset>
      ) : null}

      {form.rule === 'seeded' ? (
        <Field id={id('blocks')} label="Blocks" error={problems.get('blocks')}>
          {(control) => (
            <select
              {...control}
              value={form.blocks}
              onChange={(event) => change({ blocks: event.target.value === '2' ? '2' : '3' })}
            >
              <option value="2">Halves</option>
              <option value="3">Thirds</option>
            </select>
          )}
        </Field>
      ) : null}

      {form.rule === 'flights' ? (
        <Field id={id('flights')} label="Flights" error={problems.get('flights')}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={MIN_FLIGHTS}
              max={MAX_FLIGHTS}
              value={form.flights}
              onChange={(event) => change({ flights: event.target.value })}
            />
          )}
        </Field>
      ) : null}

      {form.rule === 'hand' ? (
        <fieldset aria-describedby={problems.get('order') ? id('order-error') : undefined}>
          <legend className="text-sm font-medium">Order by hand (the first performs first)</legend>
          <ol className="mt-1 space-y-1">
            {form.handOrder.map((groupId, index) => (
              <li key={groupId} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-8 text-right tabular-nums">{index + 1}.</span>
                <span className="min-w-0 flex-1">{names.get(groupId)}</span>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={index === 0}
                  onClick={() => change({ handOrder: moved(form.handOrder, index, -1) })}
                  aria-label={`Move ${names.get(groupId)} earlier`}
                >
                  Earlier
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  disabled={index === form.handOrder.length - 1}
                  onClick={() => change({ handOrder: moved(form.handOrder, index, 1) })}
                  aria-label={`Move ${names.get(groupId)} later`}
                >
                  Later
                </button>
              </li>
            ))}
          </ol>
          <FieldError id={id('order-error')} message={problems.get('order')} />
        </fieldset>
      ) : null}

      <div className="flex flex-wrap items-end gap-2">
        <Field
          id={id('seed')}
          label="Seed"
          error={problems.get('seed')}
          hint="A new random seed; or type your own (say, read from dice in public)."
          className="min-w-0 flex-1 sm:max-w-xs"
        >
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={form.seed}
              onChange={(event) => change({ seed: event.target.value })}
            />
          )}
        </Field>
        <button type="button" className={`${secondaryButton} mb-5`} onClick={() => change({ seed: newSeed() })}>
          New seed
        </button>
      </div>

      {otherFields.map(([name, message]) => (
        <p key={name} className="text-sm text-red-800 dark:text-red-300">
          {message}
        </p>
      ))}
      {formLevel ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {formLevel}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        <button type="submit" className={secondaryButton} disabled={busy}>
          {previewWrite.isPending ? 'Drawing…' : 'Preview'}
        </button>
        <button type="button" className={primaryButton} disabled={busy} onClick={() => send('commit')}>
          {commitWrite.isPending ? 'Committing…' : 'Commit'}
        </button>
      </div>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        Preview shows the order without saving it. Commit records the rule, the inputs and the seed, published for
        anyone to re-run, and makes it {section.name}&rsquo;s running order.
      </p>

      <div aria-live="polite">
        {committed ? (
          <DrawOrder
            title={`Committed: ${section.name}`}
            record={committed.record}
            note={`Drawn from seed ${committed.record.input.seed}; recorded and published. It is now the running order.`}
            link={committed.pageUrl}
          />
        ) : preview ? (
          <DrawOrder
            title={`Preview: ${section.name}`}
            record={preview}
            note={`From seed ${preview.input.seed}. Not saved: Commit to record it.`}
          />
        ) : null}
      </div>
    </form>
  );
}
