/**
 * A competition's public registration page (decision 139), where the v2 record's `RegistrationUrl` leads: whether
 * registration is open, its dates, each division offered with the places left and its fee, the circuit's note, and
 * the way to sign in to register (the group accounts' sign-in on the organization's web app). It names no group.
 */
import { feeText } from '../../../../domain/registration/fees.js';
import { escapeHtml, htmlPage, publishedDay } from './html.js';

export interface RegistrationPageInput {
  organizationName: string;
  competition: { name: string; eventName: string; location: string; startsAt: Date };
  window: {
    opensAt: Date;
    closesAt: Date;
    note: string;
    divisions: { name: string; capacity: number; feeCents: number; accepted: number }[];
  };
  now: Date;
  /** the organization's web app, where a group's director signs in; undefined when it has none */
  appOrigin: string | undefined;
}

/** An instant as the page prints it, in UTC (the page is the same for every reader and every cache). */
const instant = (date: Date) =>
  `${publishedDay(date)}, ${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')} UTC`;

export function registrationPage({ organizationName, competition, window, now, appOrigin }: RegistrationPageInput) {
  const state =
    now < window.opensAt
      ? `Registration opens ${instant(window.opensAt)} and closes ${instant(window.closesAt)}.`
      : now < window.closesAt
        ? `Registration is open until ${instant(window.closesAt)}.`
        : `Registration closed ${instant(window.closesAt)}.`;
  const rows = window.divisions
    .map((division) => {
      const left = Math.max(0, division.capacity - division.accepted);
      return `<tr><td>${escapeHtml(division.name)}</td><td>${escapeHtml(feeText(division.feeCents))}</td><td>${
        left === 0 ? 'Full: new registrations are waitlisted' : `${left} of ${division.capacity}`
      }</td></tr>`;
    })
    .join('\n');
  const signIn = appOrigin
    ? `<p><a href="${escapeHtml(`${appOrigin}/auth/sign-in?returnTo=${encodeURIComponent('/my-groups')}`)}">Sign in to register</a>: a group's director registers on the group's pages. No account yet? Ask ${escapeHtml(organizationName)} for one, or use "Find my group" on the sign-in page.</p>`
    : `<p>Sign in to register: ask ${escapeHtml(organizationName)} for your group's account.</p>`;
  const title = `Registration: ${competition.eventName} · ${competition.name}`;
  return htmlPage(
    `${title} · ${organizationName}`,
    `<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(organizationName)} · ${escapeHtml(publishedDay(competition.startsAt))}${competition.location ? ` · ${escapeHtml(competition.location)}` : ''}</p>
<p class="registration-state"><strong>${escapeHtml(state)}</strong></p>
${window.note ? `<p class="registration-note">${escapeHtml(window.note)}</p>` : ''}
<table class="registration-divisions">
<caption>Divisions offered</caption>
<thead><tr><th scope="col">Division</th><th scope="col">Fee</th><th scope="col">Places left</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>Fees are paid to the circuit, not here.</p>
${signIn}
</main>`,
  );
}
