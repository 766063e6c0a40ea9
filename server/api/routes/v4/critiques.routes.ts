/**
 * Critique sign-up (issue 39, item 4; decision 137): the critique the circuit opens for a division and round, the
 * schedule the tabulator and the judges read, and a group's slot, picked by its administrators and read by its
 * staff. Served by critiques.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CRITIQUE_MODES, MAX_STATION_NAME, MAX_STATIONS } from '../../../../domain/critique/slots.js';
import { permitted, type Narrower } from '../../http/permissions.js';
import { bodyOf } from '../../http/write-body.js';
import { errorResponses, notFoundResponse, writeErrors } from '../schemas/common.js';
import { Int, IntId, PositiveInt, Text, Timestamp } from '../schemas/scalars.js';

const groupAdministrators: Narrower = {
  permission: 'register-group',
  limit: 'only the groups the caller administers',
};

const conflict = {
  409: {
    description:
      'Refused for the state things are in, in words: the slot taken by another group, sign-up closed (the window has opened), groups placed in performance order, the group not in the round, critique already open for the division and round, a change that would drop a held slot',
    content: writeErrors[422].content,
  },
};

const competitionParams = z.object({ competitionId: IntId('competitionId') });
const critiqueParams = z.object({ critiqueId: IntId('critiqueId') });
const groupParams = z.object({ groupId: IntId('groupId') });
const groupCritiqueParams = z.object({ groupId: IntId('groupId'), critiqueId: IntId('critiqueId') });

const When = z.string().openapi({ description: 'ISO 8601' });
const Named = z.object({ id: z.number().int(), name: z.string() });

const Visit = z.object({ station: z.string(), startsAt: When, endsAt: When }).openapi('CritiqueVisit');

const Slot = z
  .object({
    number: z.number().int().openapi({ description: '1 is the first' }),
    startsAt: When.openapi({ description: 'at its first station' }),
    endsAt: When.openapi({ description: 'at its last station' }),
    visits: z.array(Visit).openapi({ description: 'each station in turn, one slot length each' }),
  })
  .openapi('CritiqueSlot');

const PlanFields = {
  id: z.number().int(),
  competition: z.object({ id: z.number().int(), name: z.string(), date: When }),
  round: z.object({ number: z.number().int(), name: z.string() }),
  division: Named,
  stations: z.array(z.string()).openapi({ description: 'in the order a group visits them' }),
  slotMinutes: z.number().int(),
  from: When.openapi({ description: 'when critique starts: sign-up closes then' }),
  to: When,
  mode: z.enum(CRITIQUE_MODES),
  signUpOpen: z.boolean().openapi({ description: 'groups may still pick or change (pick mode, before the window)' }),
};

export const Critique = z
  .object({
    ...PlanFields,
    slots: z
      .array(Slot.extend({ group: Named.nullable().openapi({ description: 'null: nobody in it' }) }))
      .openapi({ description: 'every slot, first to last, with the group in it' }),
    unplaced: z.array(Named).openapi({
      description:
        'performance order: the groups past the last slot (the window is too short for them); pick: the groups of the round that have not picked',
    }),
  })
  .openapi('Critique');

const Critiques = z.object({ data: z.array(Critique) }).openapi('Critiques');

export const listCompetitionCritiques = createRoute({
  method: 'get',
  path: '/competitions/{competitionId}/critiques',
  summary: "A competition's critique schedules, every group in its slot (critique extension)",
  request: { params: competitionParams },
  responses: {
    200: { description: 'The critiques', content: { 'application/json': { schema: Critiques } } },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const PlanBody = {
  stations: z
    .array(Text(MAX_STATION_NAME * 2))
    .max(MAX_STATIONS * 2)
    .openapi({ description: `the stations (panels) in the order groups visit them: 1 to ${MAX_STATIONS}, named` }),
  slotMinutes: Int(-100_000, 100_000).openapi({ description: 'the minutes at each station: 1 to 60' }),
  from: Timestamp.openapi({ description: 'when critique starts; sign-up closes then' }),
  to: Timestamp.openapi({ description: 'when the last group leaves its last station' }),
  mode: z.enum(CRITIQUE_MODES).openapi({ description: 'groups pick, or are placed in performance order' }),
};

const OpenBody = z
  .strictObject({
    round: PositiveInt.openapi({ description: "the round's number" }),
    divisionId: PositiveInt,
    ...PlanBody,
  })
  .openapi('CritiqueOpenRequest');

export const openCritique = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/competitions/{competitionId}/critiques',
      summary: 'Open critique for a division and round (critique extension)',
      description:
        'One critique a division and round (409 `already_open` for a second: change that one). The plan is checked whole: 422s name the field (`stations`, `stations.N`, `slotMinutes`, `to`, `round`, `divisionId`).',
      request: { params: competitionParams, body: bodyOf(OpenBody, 'the division, round and plan') },
      responses: {
        201: { description: 'Opened', content: { 'application/json': { schema: Critique } } },
        ...writeErrors,
        ...conflict,
      },
    },
    { action: 'critique.open', resource: 'critique' },
  ),
);

const ChangeBody = z.strictObject(PlanBody).openapi('CritiqueChangeRequest');

export const changeCritique = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/critiques/{critiqueId}',
      summary: "Change a critique's plan (critique extension)",
      description:
        'Held slots keep their numbers and their times follow the plan; a change that would leave a held slot out, or place the groups in performance order over their picks, is refused (409 `slots_held`).',
      request: { params: critiqueParams, body: bodyOf(ChangeBody, 'the whole plan') },
      responses: {
        200: { description: 'Changed', content: { 'application/json': { schema: Critique } } },
        ...writeErrors,
        ...conflict,
      },
    },
    { action: 'critique.change', resource: 'critique', idParam: 'critiqueId' },
  ),
);

export const closeCritique = createRoute(
  permitted(
    'set-up',
    {
      method: 'delete',
      path: '/critiques/{critiqueId}',
      summary: "Close a division and round's critique: its plan and every slot held go (critique extension)",
      request: { params: critiqueParams },
      responses: { 204: { description: 'Closed' }, ...writeErrors },
    },
    { action: 'critique.close', resource: 'critique', idParam: 'critiqueId', deletes: true },
  ),
);

const GroupCritique = z
  .object({
    ...PlanFields,
    slot: z
      .union([Slot, z.null()])
      .openapi({ description: "the group's slot; null: none yet, or none in performance order" }),
    state: z.enum(['picked', 'not-picked', 'placed', 'no-slot']).openapi({
      description:
        'picked (pick mode, holding a slot); not-picked; placed (performance order); no-slot (performance order, past the last slot: the window is too short)',
    }),
    free: z
      .array(Slot)
      .openapi({ description: 'the slots nobody holds, while sign-up is open (never who holds the others)' }),
  })
  .openapi('GroupCritique');

export const listGroupCritiques = createRoute(
  permitted('read-group', {
    method: 'get',
    path: '/groups/{groupId}/critiques',
    summary: "A group's critiques and its slot in each (critique extension; a group's own only)",
    request: { params: groupParams },
    responses: {
      200: {
        description: 'The critiques of the rounds it performs in, newest first',
        content: {
          'application/json': { schema: z.object({ data: z.array(GroupCritique) }).openapi('GroupCritiques') },
        },
      },
      ...errorResponses,
      ...notFoundResponse,
    },
  }),
);

const PickBody = z
  .strictObject({ slot: Int(-100_000, 100_000).openapi({ description: 'the slot number, 1 is the first' }) })
  .openapi('CritiquePickRequest');

export const pickCritiqueSlot = createRoute(
  permitted(
    'set-up',
    {
      method: 'post',
      path: '/groups/{groupId}/critiques/{critiqueId}/slot',
      summary: "Pick or change a group's critique slot (critique extension)",
      description:
        'First come: a slot another group holds is refused (409 `taken`); the group holds one slot, so picking another moves it. Only in pick mode and before the window opens (409 otherwise); a slot number outside the plan is a 422 naming `slot`.',
      request: { params: groupCritiqueParams, body: bodyOf(PickBody, 'the slot') },
      responses: {
        200: { description: 'Picked', content: { 'application/json': { schema: GroupCritique } } },
        ...writeErrors,
        ...conflict,
      },
    },
    { action: 'critique.pick', resource: 'critique', idParam: 'critiqueId' },
    groupAdministrators,
  ),
);
