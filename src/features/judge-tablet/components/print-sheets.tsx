import { Link } from 'react-router';
import type { Me, MySeat } from '../../../lib/api-models';
import type { JudgeSnapshot } from '../queue/judge-store';
import { checkSheet, formatCaptionScore } from '../utils/sheet';
import { seatId, seatRanks, sheetState, STATUS_LABELS } from '../utils/sheet-state';
import { showDate } from '../utils/show-date';

/** A round's address in the page's URL (`?print=`): competition and round number. */
export const roundId = (seat: MySeat) => `${seat.competition.id}.${seat.round.number}`;

/** The judge's rounds, each once, in the seats' order (competition time, round), for a "Print sheets" link each. */
export function roundsOf(seats: readonly MySeat[]): MySeat[] {
  const byRound = new Map<string, MySeat>();
  for (const seat of seats) if (!byRound.has(roundId(seat))) byRound.set(roundId(seat), seat);
  return [...byRound.values()];
}

/** "Print sheets" for one round: opens the printable sheets, which print themselves from there. */
export function PrintSheetsLink({ seat, named }: { seat: MySeat; named: boolean }) {
  return (
    <Link to={`?print=${encodeURIComponent(roundId(seat))}`} className="button min-h-12 text-base print:hidden">
      Print sheets{named ? `: ${seat.competition.name} · ${seat.round.name}` : ''}
    </Link>
  );
}

/**
 * A judge's sheets of one round as paper (issue 28): one seat, so one division, a page. Before the show the cells
 * are blank, large enough to write in; after it they hold the numbers on this device (the API's, and the judge's
 * own not yet sent), each caption score worked out as the tabulation does, the judge's own rank and the entry's state.
 * The printed page carries no navigation (the layout's banner is `print:hidden`) and always prints dark on white
 * (index.css `.judge-print`), whatever the screen's theme.
 */
export function PrintSheets({
  snapshot,
  seats,
  round,
}: {
  snapshot: JudgeSnapshot;
  seats: readonly MySeat[];
  round: string | null;
}) {
  const sheets = seats.filter((seat) => roundId(seat) === round);
  const first = sheets[0];
  if (!first) {
    return (
      <div>
        <h1 className="heading-1">Print sheets</h1>
        <p>None of your seats is in this round.</p>
        <Link to="?" className="link">
          All seats
        </Link>
      </div>
    );
  }
  return (
    <div className="judge-print">
      <div className="mb-4 print:hidden">
        <p className="mb-2">
          <Link to="?" className="link">
            All seats
          </Link>
        </p>
        <h1 className="heading-1">
          Print sheets · {first.competition.name} · {first.round.name}
        </h1>
        <p className="mb-3 text-base">
          One page per division. A group with no numbers yet prints blank, to be filled in by hand.
        </p>
        <button type="button" className="button min-h-12 text-base" onClick={() => print()}>
          Print
        </button>
      </div>
      {sheets.map((seat) => (
        <PrintedSheet key={seatId(seat)} snapshot={snapshot} seat={seat} me={snapshot.me} />
      ))}
    </div>
  );
}

function PrintedSheet({ snapshot, seat, me }: { snapshot: JudgeSnapshot; seat: MySeat; me: Me | null }) {
  const lines = seat.caption.subcaptions;
  const ranks = new Map(seatRanks(snapshot, seat, null).map((rank) => [rank.performanceId, rank]));
  const rows = seat.performances.map((performance) => {
    const state = sheetState(snapshot, seat, performance);
    return { performance, state, check: checkSheet(lines, state.lines, seat.caption.digits) };
  });
  const filled = rows.filter((row) => row.check.scores.length > 0).length;
  const judge = me?.user ? `${me.user.firstName} ${me.user.lastName}` : '';
  return (
    <section
      aria-label={`${seat.caption.name} · ${seat.division.name}`}
      className="printed-sheet mb-8 break-after-page border-t-2 border-slate-400 pt-4 last:break-after-auto print:mb-0 print:border-t-0 print:pt-0"
    >
      <h2 className="text-2xl font-bold">
        {seat.caption.name} ({seat.caption.initials}) · {seat.division.name}
      </h2>
      <p className="text-base">
        {seat.competition.name}, {showDate(seat.competition.date)} · {seat.round.name}
      </p>
      <p className="text-base">
        Judge: {judge || '____________________'} · {filled === 0 ? 'blank sheet' : `${filled} of ${rows.length} scored`}{' '}
        · printed {new Date().toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
      </p>
      <table className="data-table mt-3 w-full text-base">
        <thead>
          <tr>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">Group</th>
            {lines.map((line) => (
              <th key={line.key} scope="col" className="num">
                {line.initials}
                <span className="block text-sm font-normal">
                  max {line.max} · × {line.weight}
                </span>
              </th>
            ))}
            <th scope="col" className="num">
              {seat.caption.initials}
            </th>
            <th scope="col" className="num">
              Rank
            </th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ performance, state, check }) => {
            const scored = check.scores.length > 0;
            const rank = ranks.get(performance.id);
            return (
              <tr key={performance.id} className="h-12">
                <td className="num">{performance.order}</td>
                <td>
                  {performance.group.name}
                  {performance.performed ? '' : ' (did not perform)'}
                </td>
                {check.lines.map(({ line, check: lineCheck }) => (
                  <td key={line.key} className="num min-w-20">
                    {lineCheck.kind === 'number' ? lineCheck.score : ''}
                  </td>
                ))}
                <td className="num min-w-20 font-semibold">
                  {scored ? formatCaptionScore(check.score, seat.caption.digits) : ''}
                </td>
                <td className="num">{rank ? `${rank.rank}${rank.tied ? ' (tie)' : ''}` : ''}</td>
                <td>{scored || state.status === 'not-performed' ? STATUS_LABELS[state.status] : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-6 text-base">Signature: ______________________________</p>
    </section>
  );
}
