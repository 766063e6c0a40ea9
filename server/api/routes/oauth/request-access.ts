/**
 * "Find my group" (decision 133): on the sign-in side, a group's director or staff member who has no account asks
 * for one (name, email, group, the role asked for, a message); the circuit approves or refuses it in /manage
 * (POST /access-requests/{requestId}). Served by the API like the sign-in page (same look, same strict headers, no
 * script), for the organization of the application that sent the person to sign in (`client_id`).
 *
 * It tells nobody who has an account: every accepted form gets the same answer, whether the email has an account,
 * has asked already or is new. Bounded (every field, one waiting request per email and group, a cap per
 * organization) and limited per address, whatever the outcome.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { ApiRouter } from '../../http/context.js';
import type { Services } from '../../services.js';
import { GROUP_ROLES, isGroupRole } from '../../../../domain/roles.js';
import { oauthParameterProblem } from '../../auth/oauth-parameters.js';
import { findApplicationByClientId } from '../../db/repositories/applications.js';
import { findOrganizationById } from '../../db/repositories/organizations.js';
import { listGroups, type GroupRecord } from '../../db/repositories/groups.read.js';
import { insertAccessRequest } from '../../db/repositories/access-requests.js';
import { createRateLimiter, rateLimitHeaders } from '../../auth/rate-limiter.js';
import { remoteAddress } from './remote-address.js';
import { escapeHtml, htmlHeaders, layout, REQUEST_ACCESS_PATH } from './sign-in-page.js';

/** Requests one address may send an hour: a club's front desk asking for its staff, not a script. */
export const REQUESTS_PER_ADDRESS_PER_HOUR = 10;
const MESSAGE_MAX = 1000;
const NAME_MAX = 100;
const EMAIL_MAX = 254;
/** The form lists the organization's groups; a circuit has hundreds, never this many. */
const GROUPS_LISTED_MAX = 2000;

const ROLE_LABELS: Record<(typeof GROUP_ROLES)[number], string> = {
  'group-administrator': "Director or administrator (adds and removes the group's accounts)",
  'group-staff': "Staff (reads the group's sheets and hears its commentary)",
};

const html = { 'text/html': { schema: z.string() } };

export const requestAccessPageRoute = createRoute({
  method: 'get',
  path: REQUEST_ACCESS_PATH,
  tags: ['OAuth2'],
  summary: '"Find my group": the page where a group\'s director or staff asks the circuit for an account',
  security: [],
  request: { query: z.object({ client_id: z.string() }) },
  responses: {
    200: { description: 'The form', content: html },
    400: { description: 'Unknown application: explained on the page', content: html },
  },
});

export const requestAccessRoute = createRoute({
  method: 'post',
  path: REQUEST_ACCESS_PATH,
  tags: ['OAuth2'],
  summary: '"Find my group": ask the circuit for an account of a group',
  description:
    'Every accepted form is answered the same, whether or not the email has an account. The circuit sees the request in GET /access-requests/.',
  security: [],
  request: {
    body: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({
            client_id: z.string(),
            firstName: z.string().max(NAME_MAX),
            lastName: z.string().max(NAME_MAX),
            email: z.string().max(EMAIL_MAX),
            groupId: z.string(),
            role: z.enum(GROUP_ROLES),
            message: z.string().max(MESSAGE_MAX).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: { description: 'Sent: the page says the circuit will answer', content: html },
    400: { description: 'Unknown application: explained on the page', content: html },
    422: { description: 'The form again, naming each field that is wrong', content: html },
    429: { description: 'Too many requests from this address', content: html },
    503: { description: 'The circuit has too many requests waiting', content: html },
  },
});

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  groupId: string;
  role: string;
  message: string;
}

type FieldErrors = Map<keyof FormValues, string>;

export function registerRequestAccessRoutes(router: ApiRouter, services: Services): void {
  const { db } = services.database;
  const perAddress = createRateLimiter({ requests: REQUESTS_PER_ADDRESS_PER_HOUR, windowSeconds: 3600 });
  router.openAPIRegistry.registerPath(requestAccessPageRoute);
  router.openAPIRegistry.registerPath(requestAccessRoute);

  /** The organization of the application that sent the person here, with its groups, or undefined. */
  const circuitOf = async (clientId: string): Promise<Circuit | undefined> => {
    // a client_id no application could have (NUL, control characters, thousands of characters) is looked up nowhere
    if (clientId === '' || oauthParameterProblem('client_id', clientId)) return undefined;
    const application = await findApplicationByClientId(db, clientId);
    if (!application || application.revokedAt) return undefined;
    const organization = await findOrganizationById(db, application.orgId);
    if (!organization) return undefined;
    const { rows } = await listGroups(db, organization.id, { active: true }, { limit: GROUPS_LISTED_MAX, offset: 0 });
    return { clientId, organization, groups: rows };
  };

  router.get(REQUEST_ACCESS_PATH, async (c) => {
    const circuit = await circuitOf(c.req.query('client_id') ?? '');
    if (!circuit) return page(400, unknownApplicationHtml());
    return page(200, formHtml(circuit, emptyForm(), new Map()));
  });

  router.post(REQUEST_ACCESS_PATH, async (c) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (mediaType !== 'application/x-www-form-urlencoded') return page(400, unknownApplicationHtml());
    const form = new URLSearchParams(await c.req.text());
    const circuit = await circuitOf(form.get('client_id') ?? '');
    if (!circuit) return page(400, unknownApplicationHtml());
    const allowance = perAddress.hit(remoteAddress(c));
    if (!allowance.allowed)
      return page(
        429,
        messageHtml(
          'Too many requests',
          `Too many requests were sent from this address. Try again in ${Math.ceil(allowance.resetSeconds / 60)} minutes.`,
        ),
        rateLimitHeaders(allowance),
      );
    const values: FormValues = {
      firstName: (form.get('firstName') ?? '').trim(),
      lastName: (form.get('lastName') ?? '').trim(),
      email: (form.get('email') ?? '').trim(),
      groupId: form.get('groupId') ?? '',
      role: form.get('role') ?? '',
      message: (form.get('message') ?? '').trim(),
    };
    const errors = formErrors(values, new Set(circuit.groups.map((group) => String(group.id))));
    if (errors.size > 0) return page(422, formHtml(circuit, values, errors));
    const outcome = await insertAccessRequest(db, {
      orgId: circuit.organization.id,
      groupId: Number(values.groupId),
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      role: values.role as (typeof GROUP_ROLES)[number],
      message: values.message,
    });
    if (outcome === 'unknown-group')
      return page(422, formHtml(circuit, values, new Map([['groupId', 'Choose your group from the list.']])));
    if (outcome === 'full')
      return page(
        503,
        messageHtml(
          'Try again later',
          `${circuit.organization.name} has too many requests waiting for an answer. Try again in a few days, or ask the circuit directly.`,
        ),
        { 'Retry-After': '86400' },
      );
    const group = circuit.groups.find((candidate) => String(candidate.id) === values.groupId)!;
    return page(
      200,
      messageHtml(
        'Request sent',
        `Your request for ${group.name} was sent to ${circuit.organization.name}. When the circuit approves it, its administrator gives you a link to set your password (no email is sent from here). If you have an account already, sign in as before: the group is added to it.`,
      ),
    );
  });
}

function emptyForm(): FormValues {
  return { firstName: '', lastName: '', email: '', groupId: '', role: 'group-administrator', message: '' };
}

function formErrors(values: FormValues, groupIds: Set<string>): FieldErrors {
  const errors: FieldErrors = new Map();
  const text = (name: 'firstName' | 'lastName', label: string) => {
    if (values[name] === '') errors.set(name, `Enter your ${label}.`);
    else if ([...values[name]].length > NAME_MAX)
      errors.set(name, `Your ${label} may be at most ${NAME_MAX} characters.`);
    else if (hasControl(values[name])) errors.set(name, `Your ${label} cannot contain control characters.`);
  };
  text('firstName', 'first name');
  text('lastName', 'last name');
  if (!/^[^\s@]+@[^\s@]+$/.test(values.email) || values.email.length > EMAIL_MAX || hasControl(values.email))
    errors.set('email', 'Enter your email address (name@example.org).');
  if (!groupIds.has(values.groupId)) errors.set('groupId', 'Choose your group from the list.');
  if (!isGroupRole(values.role)) errors.set('role', 'Choose what you ask to be.');
  if ([...values.message].length > MESSAGE_MAX)
    errors.set('message', `The message may be at most ${MESSAGE_MAX} characters.`);
  else if (values.message.includes('\0')) errors.set('message', 'The message cannot contain a NUL character.');
  return errors;
}

const hasControl = (value: string) => /[\u0000-\u001f\u007f]/.test(value);

/** The organization a form is for, and the groups it lists. */
interface Circuit {
  clientId: string;
  organization: { id: number; name: string };
  groups: GroupRecord[];
}

const FIELD_LABELS: Record<keyof FormValues, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  groupId: 'Your group',
  role: 'You are',
  message: 'A message for the circuit (optional)',
};

function formHtml(circuit: Circuit, values: FormValues, errors: FieldErrors): string {
  const field = (name: keyof FormValues) => {
    const error = errors.get(name);
    return {
      attributes: error ? ` aria-describedby="${name}-error" aria-invalid="true"` : '',
      error: error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : '',
    };
  };
  const input = (name: 'firstName' | 'lastName' | 'email', type: string, autocomplete: string, max: number) => {
    const { attributes, error } = field(name);
    return `<label for="${name}">${FIELD_LABELS[name]}</label>
${error}<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required maxlength="${max}" value="${escapeHtml(values[name])}"${attributes}>`;
  };
  const byDivision = new Map<string, Circuit['groups']>();
  for (const group of circuit.groups)
    byDivision.set(group.division.name, [...(byDivision.get(group.division.name) ?? []), group]);
  const options = [...byDivision.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([division, groups]) =>
        `<optgroup label="${escapeHtml(division)}">${groups
          .map(
            (group) =>
              `<option value="${group.id}"${String(group.id) === values.groupId ? ' selected' : ''}>${escapeHtml(group.name)}${group.location ? ` (${escapeHtml(group.location)})` : ''}</option>`,
          )
          .join('')}</optgroup>`,
    )
    .join('\n');
  const group = field('groupId');
  const role = field('role');
  const message = field('message');
  const summary =
    errors.size > 0
      ? `<div class="error" role="alert"><p>Please correct ${errors.size === 1 ? 'this field' : 'these fields'}:</p><ul>${[
          ...errors.keys(),
        ]
          .map(
            (name) =>
              `<li><a href="#${name === 'role' ? 'role-group-administrator' : name}">${FIELD_LABELS[name]}</a></li>`,
          )
          .join('')}</ul></div>`
      : '';
  return layout(
    `Find my group – ${circuit.organization.name}`,
    `<h1>Find my group</h1>
<p>Ask ${escapeHtml(circuit.organization.name)} for an account of your group: its director adds and removes the group's accounts, its staff read the group's sheets and hear its commentary once scores are released.</p>
${summary}
<form method="post" action="${REQUEST_ACCESS_PATH}" novalidate>
<input type="hidden" name="client_id" value="${escapeHtml(circuit.clientId)}">
${input('firstName', 'text', 'given-name', NAME_MAX)}
${input('lastName', 'text', 'family-name', NAME_MAX)}
${input('email', 'email', 'email', EMAIL_MAX)}
<label for="groupId">${FIELD_LABELS.groupId}</label>
${group.error}<select id="groupId" name="groupId" required${group.attributes}>
<option value="">Choose your group</option>
${options}
</select>
<fieldset${role.attributes}>
<legend>${FIELD_LABELS.role}</legend>
${role.error}${GROUP_ROLES.map(
      (candidate) =>
        `<label class="choice"><input type="radio" id="role-${candidate}" name="role" value="${candidate}"${values.role === candidate ? ' checked' : ''}> ${escapeHtml(ROLE_LABELS[candidate])}</label>`,
    ).join('\n')}
</fieldset>
<label for="message">${FIELD_LABELS.message}</label>
${message.error}<textarea id="message" name="message" rows="4" maxlength="${MESSAGE_MAX}"${message.attributes}>${escapeHtml(values.message)}</textarea>
<button type="submit">Send the request</button>
</form>`,
  );
}

function messageHtml(title: string, text: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p role="status">${escapeHtml(text)}</p>`);
}

function unknownApplicationHtml(): string {
  return layout(
    'Request not valid',
    `<h1>This page cannot be used from here</h1>
<p class="error" role="alert">The application that sent you here is not known. Go back to the results site and choose Sign in, then "Find my group".</p>`,
  );
}

function page(status: number, body: string, extraHeaders: Record<string, string> = {}): Response {
  const headers = htmlHeaders();
  // The form posts to this page itself, and nowhere else.
  headers['Content-Security-Policy'] = headers['Content-Security-Policy'].replace(
    "form-action 'none'",
    "form-action 'self'",
  );
  return new Response(body, { status, headers: { ...headers, ...extraHeaders } });
}
