import type { ReactNode } from 'react';
import { Notice } from '../../../components/notice';
import { sizeOf } from '../../../lib/format';
import type { Connection, TabletJudgeRow, TabletLine, TabletsSummary } from '../utils/tablets-model';

/**
 * The tablet status page's body: a summary line (who is flagged, what waits), then one card per seated judge with
 * each of their tablets. Every state is said in words; colour and the symbols beside them only repeat it.
 */
export function TabletStatus({ rows, summary }: { rows: readonly TabletJudgeRow[]; summary: TabletsSummary }) {
  return (
    <>
      <TabletsSummaryLine summary={summary} rows={rows} />
      <ul aria-label="Judges and their tablets" className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {rows.map((row) => (
          <li key={row.userId}>
            <JudgeCard row={row} />
          </li>
        ))}
      </ul>
    </>
  );
}

function TabletsSummaryLine({ summary, rows }: { summary: TabletsSummary; rows: readonly TabletJudgeRow[] }) {
  const waiting = [
    summary.entriesWaiting > 0 ? `${summary.entriesWaiting} ${summary.entriesWaiting === 1 ? 'entry' : 'entries'}` : '',
    summary.audioWaiting.count > 0
      ? `${summary.audioWaiting.count} ${summary.audioWaiting.count === 1 ? 'recording' : 'recordings'} (${sizeOf(summary.audioWaiting.bytes)})`
      : '',
  ].filter(Boolean);
  return (
    <>
      <p className="my-2 text-sm">
        {summary.online} of {summary.judges} {summary.judges === 1 ? 'judge' : 'judges'} online
        {summary.recording > 0 ? ` · ${summary.recording} recording now` : ''} ·{' '}
        {waiting.length > 0 ? `waiting to be sent: ${waiting.join(' and ')}` : 'nothing waiting to be sent'}
      </p>
      {summary.flagged.length > 0 ? (
        <Notice tone="warning" role="alert">
          <span aria-hidden="true">⚠ </span>
          <strong>Not heard from in the last minute:</strong>{' '}
          {rows
            .filter((row) => row.flag !== null)
            .map((row, index) => (
              <span key={row.userId}>
                {index > 0 ? ', ' : ''}
                <a href={`#judge-${row.userId}`} className="underline">
                  {row.name}
                </a>
              </span>
            ))}
          . Check that the tablet is on, its page open and the network there.
        </Notice>
      ) : null}
    </>
  );
}

const cardTone = (flagged: boolean) =>
  flagged
    ? 'border-amber-700 bg-amber-50 dark:border-amber-300 dark:bg-amber-950'
    : 'border-slate-300 dark:border-slate-700';

function JudgeCard({ row }: { row: TabletJudgeRow }) {
  const headingId = `judge-${row.userId}-name`;
  return (
    <article
      id={`judge-${row.userId}`}
      aria-labelledby={headingId}
      className={`h-full rounded-md border p-3 ${cardTone(row.flag !== null)}`}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {row.name}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">{row.seats.join('; ') || 'No seat'}</p>
      {row.flag ? (
        <p className="mt-1 text-sm font-semibold text-amber-900 dark:text-amber-200">
          <span aria-hidden="true">⚠ </span>
          {row.flag}
        </p>
      ) : null}
      {row.tablets.map((tablet) => (
        <TabletDetails key={tablet.deviceId} tablet={tablet} several={row.tablets.length > 1} />
      ))}
    </article>
  );
}

const connectionMark: Record<Connection, { symbol: string; className: string }> = {
  online: { symbol: '●', className: 'text-green-800 dark:text-green-300' },
  offline: { symbol: '◌', className: 'font-semibold text-amber-900 dark:text-amber-200' },
  silent: { symbol: '⚠', className: 'font-semibold text-red-800 dark:text-red-300' },
};

function TabletDetails({ tablet, several }: { tablet: TabletLine; several: boolean }) {
  const mark = connectionMark[tablet.connection];
  return (
    <section aria-label={`${tablet.device}${several ? ` (${tablet.deviceId.slice(0, 8)})` : ''}`} className="mt-3">
      <p className="text-sm">
        <span className="font-semibold">{tablet.device}</span>
        <span className="text-slate-700 dark:text-slate-300"> · build {tablet.build}</span>
      </p>
      <p className={`text-sm ${mark.className}`}>
        <span aria-hidden="true">{mark.symbol} </span>
        {tablet.seen}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <Detail term="Recording now">{tablet.recording ?? 'No'}</Detail>
        <Detail term="Microphone" warn={tablet.microphoneProblem}>
          {tablet.microphone}
        </Detail>
        <Detail term="Entries waiting">{tablet.entriesWaiting}</Detail>
        <Detail term="Audio waiting">{tablet.audioWaiting}</Detail>
        <Detail term="Battery" warn={tablet.lowBattery}>
          {tablet.battery}
          {tablet.lowBattery ? ': low' : ''}
        </Detail>
        {tablet.storage ? <Detail term="Storage">{tablet.storage}</Detail> : null}
      </dl>
    </section>
  );
}

function Detail({ term, warn = false, children }: { term: string; warn?: boolean; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className={warn ? 'font-semibold text-red-800 dark:text-red-300' : ''}>
        {warn ? <span aria-hidden="true">⚠ </span> : null}
        {children}
      </dd>
    </>
  );
}
