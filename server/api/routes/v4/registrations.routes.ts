/**
 * Registration for contests (issue 39, item 3; decision 136): a competition's registration, opened by the circuit;
 * a group's registrations, made and withdrawn by its administrators; the circuit's decisions. Served by
 * registrations.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { permitted, type Narrower } from '../../http/permissions.js';
import { bodyOf, BoolField } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';
import { REGISTRATION_STATES } from '../../db/registration-schema.js';

export const MAX_NOTE = 2000;
export const MAX_REASON = 500;

const groupAdministrators: Narrower = {
  permission: 'register-group',
  limit: 'only the groups the caller administers',
};

const conflict = {
  409: {
    description:
      'Refused for the state things are in, in words: registration not open yet or closed, already registered, the division full, a withdrawn registration, a performance with scores',
    content: writeErrors[422].content,
  },
};

const competitionParams = z.object({ competitionId: IntId('competitionId') });
const groupParams = z.object({ groupId: IntId('groupId') });
const groupRegistrationParams = z.object({ groupId: IntId('groupId'), registrationId: IntId('registrationId') });
const registrationParams = z.object({ registrationId: IntId('registrationId') });

const When = z.string().openapi({ description: 'ISO 8601' });

const OfferedDivision = z
  .object({
    divisionId: z.number().int(),
    divisionName: z.string(),
    capacity: z.number().int(),
    feeCents: z.number().int().openapi({ description: 'the fee shown, in cents (no payment is processed here)' }),
    accepted: z.number().int().openapi({ description: 'accepted registrations' }),
    waitlisted: z.number().int(),
  })
  .openapi('RegistrationDivision');

export const RegistrationWindow = z
  .object({
    competition: z.object({ id: z.number().int(), guid: z.string(), name: z.string(), date: When }),
    opensAt: When,
    closesAt: When,
    open: z.boolean().openapi({ description: 'now between opensAt and closesAt' }),
    note: z.string(),
    divisions: z.array(OfferedDivision),
  })
  .openapi('RegistrationWindow');

export const Registration = z
  .object({
    id: z.number().int(),
    competition: z.object({ id: z.number().int(), name: z.string() }),
    division: z.object({ id: z.number().int(), name: z.string() }),
    group: z.object({ id: z.number().int(), name: z.string() }),
    state: z.enum(REGISTRATION_STATES),
    reason: z.string().openapi({ description: "why refused, or the circuit's or the system's word on it" }),
    paid: z.boolean(),
    performanceId: z.number().int().nullable().openapi({ description: 'the performance accepting it made' }),
    registeredAt: When,
    updatedAt: When,
  })
  .openapi('Registration');

const CompetitionRegistration = z
  .object({
    registration: RegistrationWindow.nullable().openapi({ description: 'null: registration was never opened' }),
    registrations: z.array(Registration).openapi({ description: 'oldest first: the waitlist in its order' }),
  })
  .openapi('CompetitionRegistration');

// The circuit's set-up roles decide registrations, so they read them: who asked, who was refused and why, who paid
// are not the fans' (decision 139). The public page shows the window alone (routes/pages/registration-page.ts).
export const getCompetitionRegistration = createRoute(
  permitted('set-up', {
    method: 'get',
    path: '/competitions/{competitionId}/registration',
    summary: "A competition's registration and every group's registration into it (registration extension)",
    request: { params: competitionParams },
    responses: {
      200: { description: 'The registration', content: { 'application/json': { schema: CompetitionRegistration } } },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

const WindowBody = z
  .strictObject({
    opensAt: Timestamp.openapi({ description: 'when groups may start registering' }),
    closesAt: Timestamp.openapi({ description: 'when registration closes: after opensAt' }),
    note: Text(MAX_NOTE)
      .optional()
      .openapi({ description: `shown to groups (at most ${MAX_NOTE} characters)` }),
    divisions: z
      .array(
        z.strictObject({
          divisionId: PositiveInt,
          capacity: Int(1, 1000).openapi({ description: 'how many groups may be accepted: 1 to 1000' }),
          feeCents: Int(0, 10_000_000).openapi({ description: 'the fee shown, in cents' }),
        }),
      )
      .max(200)
      .openapi({ description: 'the divisions offered: at least one' }),
  })
  .openapi('RegistrationWindowRequest');

export const saveCompetitionRegistration = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/registration',
      summary: "Open or change a competition's registration (registration extension)",
      description:
        'Dates, the divisions offered with capacity and fee, a note. A division with live registrations stays offered.',
      request: { params: competitionParams, body: bodyOf(WindowBody, 'the whole registration') },
      responses: {
        200: { description: 'Saved', content: { 'application/json': { schema: CompetitionRegistration } } },
        ...writeErrors,
      },
    },
    { action: 'registration.open', resource: 'registration-window', idParam: 'competitionId' },
  ),
);

const DecisionBody = z
  .strictObject({
    state: z.enum(['accepted', 'waitlisted', 'refused']),
    reason: Text(MAX_REASON * 2)
      .optional()
      .openapi({ description: `required to refuse (at most ${MAX_REASON} characters)` }),
  })
  .openapi('RegistrationDecisionRequest');

export const decideRegistration = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/registrations/{registrationId}/decision',
      summary: 'Accept, waitlist or refuse a registration (registration extension)',
      description:
        "Accepting makes the group's performance in the competition's first round, at the end of its division's running order; within the division's capacity only.",
      request: { params: registrationParams, body: bodyOf(DecisionBody, 'the decision') },
      responses: {
        200: { description: 'Decided', content: { 'application/json': { schema: Registration } } },
        ...writeErrors,
        ...conflict,
      },
    },
    { action: 'registration.decide', resource: 'registration', idParam: 'registrationId' },
  ),
);

const PaidBody = z.strictObject({ paid: BoolField }).openapi('RegistrationPaidRequest');

export const markRegistrationPaid = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/registrations/{registrationId}/paid',
      summary: 'Mark a registration paid or not (registration extension; no payment is processed)',
      request: { params: registrationParams, body: bodyOf(PaidBody, 'whether it is paid') },
      responses: {
        200: { description: 'Marked', content: { 'application/json': { schema: Registration } } },
        ...writeErrors,
      },
    },
    { action: 'registration.paid', resource: 'registration', idParam: 'registrationId' },
  ),
);

const GroupRegistrations = z
  .object({
    open: z
      .array(RegistrationWindow)
      .openapi({ description: 'registrations open now with at least one division the group may enter' }),
    data: z.array(Registration).openapi({ description: "the group's registrations, newest first" }),
  })
  .openapi('GroupRegistrations');

// Read by those who decide registrations (set-up: the circuit's administrator and tabulator) for any group, and by a
// group's own accounts for their groups (decision 139).
export const listGroupRegistrations = createRoute(
  permitted(
    'set-up',
    {
      method: 'get',
      path: '/groups/{groupId}/registrations',
      summary: "What a group may register for and its registrations (registration extension; a group's own only)",
      request: { params: groupParams },
      responses: {
        200: { description: 'Open and made', content: { 'application/json': { schema: GroupRegistrations } } },
        ...errorResponses,
        ...notFoundResponse,
      },
    },
    undefined,
    { permission: 'read-group', limit: "only the groups the caller is an account of (a group's staff included)" },
  ),
);

const RegisterBody = z
  .strictObject({ competitionId: PositiveInt, divisionId: PositiveInt })
  .openapi('RegistrationRequest');

export const registerGroup = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/groups/{groupId}/registrations',
      summary: 'Register a group for a contest in one offered division (registration extension)',
      description:
        "Requested, or waitlisted at once when the division's places are taken. Only while registration is open (409 otherwise), in a division offered that the group may enter (422 naming the field).",
      request: { params: groupParams, body: bodyOf(RegisterBody, 'the competition and the division') },
      responses: {
        201: { description: 'Registered', content: { 'application/json': { schema: Registration } } },
        ...writeErrors,
        ...conflict,
      },
    },
    { action: 'registration.register', resource: 'registration' },
    groupAdministrators,
  ),
);

export const withdrawRegistration = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/groups/{groupId}/registrations/{registrationId}/withdraw',
      summary: "Withdraw a group's registration (registration extension)",
      description:
        "An accepted registration's performance goes with it (refused once it has scores) and its place goes to the division's first waitlisted registration, accepted.",
      request: { params: groupRegistrationParams },
      responses: {
        200: { description: 'Withdrawn', content: { 'application/json': { schema: Registration } } },
        ...writeErrors,
        ...conflict,
      },
    },
    { action: 'registration.withdraw', resource: 'registration', idParam: 'registrationId' },
    groupAdministrators,
  ),
);
