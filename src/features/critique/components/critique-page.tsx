import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { Notice } from '../../../components/notice';
import { Field } from '../../../components/signed-in/field';
import { LoadFailure } from '../../../components/signed-in/load-failure';
import { primaryButton, secondaryButton } from '../../../components/signed-in/modal';
import { PageSkeleton } from '../../../components/skeleton';
import type { ApiResult } from '../../../lib/api/core';
import type { CompetitionSummary } from '../../../lib/api-models';
import { formatDateTime, formatTime } from '../../../lib/dates';
import { can, type Me } from '../../../lib/signed-in/get-me';
import { fieldErrors, problemText } from '../../../lib/signed-in/problems';
import { useWrite } from '../../../lib/signed-in/use-write';
import { competitionCritiquesQueryOptions, type Critique } from '../api/get-critiques';
import { changeCritique, closeCritique, openCritique } from '../api/critique-writes';
import { critiqueKeys } from '../api/keys';
import { formOf, newForm, requestOf, type CritiqueForm } from '../utils/critique-form';
import { CritiquePlanFields } from './critique-plan-fields';
import { StationSheets } from './station-sheets';

interface Entry {
  round: { number: number; name: string };
  division: { id: number; name: string };
}

interface Section {
  round: number;
  roundName: string;
  divisionId: number;
  divisionName: string;
}

const sectionKey = (round: number, divisionId: number) => `${round}-${divisionId}`;
const titleOf = (critique: Critique) =>
  `${critique.division.name} · ${critique.round.name || `Round ${critique.round.number}`}`;

/**
 * A competition's critique (issue 39, item 4; decision 137): each division and round's schedule by station, printable
 * one station a page; for the circuit's set-up, opening critique, changing its plan and closing it.
 */
export function CritiquePage({
  me,
  summary,
  entries,
}: {
  me: Me;
  summary: UseQueryResult<ApiResult<CompetitionSummary>>;
  /** the competition's performances (GET /competitions/{id}/schedule): the divisions and rounds to open critique for */
  entries: UseQueryResult<ApiResult<{ data: readonly Entry[] }>>;
}) {
  const competitionId = summary.data?.body.competition.id ?? null;
  const enabled = competitionId !== null;
  const critiques = useQuery({ ...competitionCritiquesQueryOptions(competitionId ?? 0), enabled });
  if (summary.isPending || (enabled && (critiques.isPending || entries.isPending))) return <PageSkeleton rows={8} />;
  const failure = summary.error ?? critiques.error ?? entries.error;
  if (failure) return <LoadFailure failure={failure} what="Critique" organization={me.organization.name} />;
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const list = critiques.data!.body.data;
  const opened = new Set(list.map((critique) => sectionKey(critique.round.number, critique.division.id)));
  const sections = [
    ...new Map(
      entries.data!.body.data.map((entry) => [
        sectionKey(entry.round.number, entry.division.id),
        {
          round: entry.round.number,
          roundName: entry.round.name || `Round ${entry.round.number}`,
          divisionId: entry.division.id,
          divisionName: entry.division.name,
        },
      ]),
    ).values(),
  ].filter((section) => !opened.has(sectionKey(section.round, section.divisionId)));
  const setUp = can(me, 'set-up');
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold print:text-base">
          Critique: {body.event.name} · {body.competition.name}
        </h1>
        {list.length > 0 ? (
          <button type="button" className={`${secondaryButton} print:hidden`} onClick={() => window.print()}>
            Print the station sheets
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700 print:hidden dark:text-slate-300">
        Every group visits every station in turn, one slot's length at each, one slot after another. Printed, each
        station is a page of its own.
      </p>
      {list.length === 0 ? (
        <EmptyState title="Critique is not open yet">
          {setUp
            ? 'Open it below for a division and round: its stations, the minutes at each, the window.'
            : "The circuit's tabulator opens it for a division and round; its schedule shows here."}
        </EmptyState>
      ) : (
        list.map((critique) => (
          <CritiqueSection key={critique.id} critique={critique} competitionId={competitionId} setUp={setUp} />
        ))
      )}
      {setUp && sections.length > 0 ? (
        <OpenCritique competitionId={competitionId} sections={sections} startsAt={body.competition.date} />
      ) : null}
    </>
  );
}

function CritiqueSection({
  critique,
  competitionId,
  setUp,
}: {
  critique: Critique;
  competitionId: number;
  setUp: boolean;
}) {
  const [changing, setChanging] = useState(false);
  const title = titleOf(critique);
  const close = useWrite({
    write: () => closeCritique(critique.id),
    stale: () => [critiqueKeys.competition(competitionId)],
  });
  const held = critique.slots.filter((slot) => slot.group !== null).length;
  return (
    <section
      aria-labelledby={`critique-${critique.id}`}
      className="mt-6 break-after-page last:break-after-auto print:mt-0"
    >
      <h2 id={`critique-${critique.id}`} className="text-xl font-semibold print:hidden">
        {title}
      </h2>
      <p className="text-sm print:hidden" data-testid="critique-summary">
        {formatDateTime(critique.from)} to {formatTime(critique.to)} · {critique.stations.length} station
        {critique.stations.length === 1 ? '' : 's'} of {critique.slotMinutes} minutes · {critique.slots.length} slots ·{' '}
        {critique.mode === 'pick'
          ? `groups pick (${held} picked; sign-up ${critique.signUpOpen ? 'open' : 'closed'})`
          : 'in performance order'}
      </p>
      {critique.unplaced.length > 0 ? (
        <p className="mt-1 text-sm print:hidden">
          {critique.mode === 'pick' ? 'Not picked yet: ' : 'No slot, the window is too short: '}
          {critique.unplaced.map((group) => group.name).join(', ')}
        </p>
      ) : null}
      {setUp ? (
        <p className="mt-2 flex flex-wrap gap-2 print:hidden">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setChanging(!changing)}
            aria-expanded={changing}
          >
            {changing ? 'Do not change' : 'Change'}
            <span className="sr-only"> critique of {title}</span>
          </button>
          <button
            type="button"
            className={secondaryButton}
            disabled={close.isPending}
            onClick={() => {
              if (
                window.confirm(
                  held > 0
                    ? `Close critique of ${title}? The ${held} slots picked go with it.`
                    : `Close critique of ${title}?`,
                )
              )
                close.mutate(undefined);
            }}
          >
            Close critique<span className="sr-only"> of {title}</span>
          </button>
        </p>
      ) : null}
      {close.error ? (
        <Notice tone="error" role="alert">
          Not closed: {problemText(close.error)}
        </Notice>
      ) : null}
      {changing ? (
        <ChangeCritique critique={critique} competitionId={competitionId} onDone={() => setChanging(false)} />
      ) : null}
      <StationSheets critique={critique} title={title} />
    </section>
  );
}

function ChangeCritique({
  critique,
  competitionId,
  onDone,
}: {
  critique: Critique;
  competitionId: number;
  onDone: () => void;
}) {
  const [form, setForm] = useState<CritiqueForm>(() => formOf(critique));
  const [checks, setChecks] = useState<Map<string, string>>(new Map());
  const write = useWrite({
    write: (plan: Parameters<typeof changeCritique>[1]) => changeCritique(critique.id, plan),
    stale: () => [critiqueKeys.competition(competitionId)],
    onSuccess: onDone,
  });
  const problems = new Map([...fieldErrors(write.error), ...checks]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(form);
    setChecks(request.ok ? new Map() : request.problems);
    if (request.ok) write.mutate(request.plan);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Change critique of ${titleOf(critique)}`}
      className="mt-3 space-y-3 print:hidden"
    >
      <p className="text-sm">Slots already picked keep their numbers; their times follow the new plan.</p>
      <CritiquePlanFields idPrefix={`change-${critique.id}`} form={form} problems={problems} onChange={setForm} />
      {write.error && fieldErrors(write.error).size === 0 ? (
        <Notice tone="error" role="alert">
          Not changed: {problemText(write.error)}
        </Notice>
      ) : null}
      <button type="submit" className={primaryButton} disabled={write.isPending}>
        {write.isPending ? 'Saving…' : 'Save the change'}
      </button>
    </form>
  );
}

function OpenCritique({
  competitionId,
  sections,
  startsAt,
}: {
  competitionId: number;
  sections: readonly Section[];
  startsAt: string;
}) {
  const [form, setForm] = useState<CritiqueForm>(() => newForm(startsAt));
  const [section, setSection] = useState(sectionKey(sections[0].round, sections[0].divisionId));
  const [checks, setChecks] = useState<Map<string, string>>(new Map());
  const chosen =
    sections.find((candidate) => sectionKey(candidate.round, candidate.divisionId) === section) ?? sections[0];
  const write = useWrite({
    write: (body: Parameters<typeof openCritique>[1]) => openCritique(competitionId, body),
    stale: () => [critiqueKeys.competition(competitionId)],
  });
  const problems = new Map([...fieldErrors(write.error), ...checks]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(form);
    setChecks(request.ok ? new Map() : request.problems);
    if (request.ok) write.mutate({ round: chosen.round, divisionId: chosen.divisionId, ...request.plan });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="open-critique" className="mt-8 space-y-3 print:hidden">
      <h2 id="open-critique" className="text-xl font-semibold">
        Open critique
      </h2>
      <Field
        id="critique-section"
        label="Division and round"
        error={problems.get('round') ?? problems.get('divisionId')}
      >
        {(control) => (
          <select {...control} value={section} onChange={(event) => setSection(event.target.value)}>
            {sections.map((candidate) => (
              <option
                key={sectionKey(candidate.round, candidate.divisionId)}
                value={sectionKey(candidate.round, candidate.divisionId)}
              >
                {candidate.divisionName} · {candidate.roundName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CritiquePlanFields idPrefix="critique" form={form} problems={problems} onChange={setForm} />
      {write.error && fieldErrors(write.error).size === 0 ? (
        <Notice tone="error" role="alert">
          Not opened: {problemText(write.error)}
        </Notice>
      ) : null}
      <button type="submit" className={primaryButton} disabled={write.isPending}>
        {write.isPending ? 'Opening…' : 'Open critique'}
      </button>
    </form>
  );
}
