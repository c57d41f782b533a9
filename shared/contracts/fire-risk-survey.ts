import { z } from 'zod';
import { instantText } from './fields';

/**
 * The fire risk survey (docs/behaviour.md §3 'Fire risk survey submission', §7 'Fire risk survey'): questions that
 * matter on a WA grain farm in the fire season. The UI renders the questions from this list and the
 * server checks the answers with the schema built from the same list, so they cannot drift apart.
 */

// docs/behaviour.md §8 texts (exact).
export const SURVEY_STATUS_FAILED_MESSAGE = 'Failed to check survey status';
export const SURVEY_SUBMIT_FAILED_MESSAGE = 'Failed to submit survey';

export interface FireRiskQuestion {
  id: string;
  /** The question as shown. */
  text: string;
  /** A line under the question that says why it matters or what counts. */
  help: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export const FIRE_RISK_QUESTIONS = [
  {
    id: 'firebreaks',
    text: 'Are firebreaks kept around your paddock boundaries, buildings and fuel stores as your shire’s firebreak notice requires?',
    help: 'Shires set the width and the date by which breaks must be ready, usually before the restricted burning period.',
    options: [
      { value: 'all', label: 'Yes, all of them, every season' },
      { value: 'some', label: 'Some of them' },
      { value: 'none', label: 'No' },
    ],
  },
  {
    id: 'fireUnits',
    text: 'How many fire-fighting units (slip-on or trailer units) are ready on the farm during harvest?',
    help: 'Count units that are filled, tested and have a working pump.',
    options: [
      { value: 'none', label: 'None' },
      { value: 'one', label: 'One' },
      { value: 'twoOrMore', label: 'Two or more' },
    ],
  },
  {
    id: 'waterSupply',
    text: 'How much water is on hand for fire-fighting at harvest, in units and in tanks with quick-fill fittings?',
    help: 'Include standpipes and tanks a unit can refill from within a few minutes.',
    options: [
      { value: 'under1000', label: 'Less than 1,000 litres' },
      { value: '1000to5000', label: '1,000 to 5,000 litres' },
      { value: 'over5000', label: 'More than 5,000 litres' },
    ],
  },
  {
    id: 'unitFollowsHarvester',
    text: 'Does a fire-fighting unit stay in or next to the paddock being harvested?',
    help: 'Most harvest fires start at the header; the first minutes decide how far they run.',
    options: [
      { value: 'always', label: 'Always' },
      { value: 'sometimes', label: 'On hot or windy days only' },
      { value: 'never', label: 'No' },
    ],
  },
  {
    id: 'harvestBans',
    text: 'How do you keep track of Harvest and Vehicle Movement Bans and the Fire Danger Rating?',
    help: 'Shires issue bans on the day, often by SMS; harvest must stop while one is in force.',
    options: [
      { value: 'alerts', label: 'Registered for the shire’s alerts, and we check each day' },
      { value: 'check', label: 'We check the shire or radio each day' },
      { value: 'notSystematic', label: 'No fixed routine' },
    ],
  },
  {
    id: 'machineryCleaning',
    text: 'How often are harvesters blown down to clear chaff and dust from the engine bay and exhaust?',
    help: 'Chaff build-up on hot surfaces is the commonest cause of header fires.',
    options: [
      { value: 'severalDaily', label: 'Several times a day' },
      { value: 'daily', label: 'Once a day' },
      { value: 'lessOften', label: 'Less than daily' },
    ],
  },
  {
    id: 'machineryChecks',
    text: 'Are bearings, belts, exhausts and wiring checked before harvest, and is an extinguisher carried on every machine?',
    help: 'Headers, chaser bins, tractors and utes that enter the paddock.',
    options: [
      { value: 'all', label: 'Yes, on every machine' },
      { value: 'some', label: 'On some machines' },
      { value: 'none', label: 'No' },
    ],
  },
  {
    id: 'powerLines',
    text: 'Do overhead power lines cross or run along your cropping paddocks?',
    help: 'Clashing conductors and failed poles start fires on hot, windy days.',
    options: [
      { value: 'none', label: 'No power lines near crops' },
      { value: 'boundary', label: 'Along a boundary only' },
      { value: 'cross', label: 'They cross cropping paddocks' },
    ],
  },
  {
    id: 'hotWork',
    text: 'Is welding, grinding or cutting done outdoors during the fire season?',
    help: 'Hot work outdoors in the restricted or prohibited period needs the precautions your shire sets.',
    options: [
      { value: 'never', label: 'No, only in a workshop' },
      { value: 'withPrecautions', label: 'Yes, with a cleared area, water and a spotter' },
      { value: 'withoutPrecautions', label: 'Yes, without those precautions' },
    ],
  },
  {
    id: 'stubbleBurning',
    text: 'Do you burn stubble, windrows or chaff heaps?',
    help: 'Burning in the restricted period needs a permit from the shire’s fire control officer.',
    options: [
      { value: 'no', label: 'No' },
      { value: 'withPermit', label: 'Yes, with a permit and a unit on hand' },
      { value: 'withoutPermit', label: 'Yes, without a permit' },
    ],
  },
  {
    id: 'neighbourPlan',
    text: 'Do you have a fire plan with your neighbours: who calls whom, and who brings which unit?',
    help: 'Fires cross boundaries; an agreed plan gets help to you sooner.',
    options: [
      { value: 'written', label: 'Yes, written down and shared' },
      { value: 'informal', label: 'An informal arrangement' },
      { value: 'none', label: 'No' },
    ],
  },
  {
    id: 'brigade',
    text: 'Are you, your family or your workers members of the local volunteer bushfire brigade?',
    help: 'Brigade members are trained and are told of fires in the district early.',
    options: [
      { value: 'active', label: 'Yes, active members' },
      { value: 'member', label: 'Members, but rarely turn out' },
      { value: 'no', label: 'No' },
    ],
  },
  {
    id: 'brigadeDistance',
    text: 'How far is the nearest bushfire brigade shed or fire station from your main cropping area?',
    help: 'By road.',
    options: [
      { value: 'under10', label: 'Less than 10 km' },
      { value: '10to30', label: '10 to 30 km' },
      { value: 'over30', label: 'More than 30 km' },
    ],
  },
  {
    id: 'bushland',
    text: 'Is there remnant bush, a nature reserve or a plantation next to your crops?',
    help: 'Heavy fuel next to a crop lets a fire build before it reaches the paddock.',
    options: [
      { value: 'none', label: 'No' },
      { value: 'some', label: 'Along some boundaries' },
      { value: 'extensive', label: 'Along many boundaries' },
    ],
  },
  {
    id: 'fuelStorage',
    text: 'Are fuel, chemicals and hay stored apart from each other, with cleared ground around them?',
    help: 'A fire in a hay shed or fuel store spreads quickly into stubble and crop.',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'partly', label: 'Partly' },
      { value: 'no', label: 'No' },
    ],
  },
] as const satisfies readonly FireRiskQuestion[];

type Question = (typeof FIRE_RISK_QUESTIONS)[number];
type AnswerShape = { [Q in Question as Q['id']]: z.ZodEnum<{ [V in Q['options'][number]['value']]: V }> };

function answerSchema(question: FireRiskQuestion) {
  const values = question.options.map((option) => option.value) as [string, ...string[]];
  const choices = question.options.map((option) => `'${option.value}'`).join(', ');
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? `Answer the question: ${question.text}` : `The answer to '${question.id}' must be one of ${choices}`),
  });
}

export const fireRiskAnswersSchema = z.strictObject(Object.fromEntries(FIRE_RISK_QUESTIONS.map((question) => [question.id, answerSchema(question)])) as unknown as AnswerShape, {
  error: (issue) => (issue.code === 'unrecognized_keys' ? `These are not survey questions: ${issue.keys.join(', ')}` : 'answers must be an object of question id to answer'),
});
export type FireRiskAnswers = z.infer<typeof fireRiskAnswersSchema>;

/** POST /api/user/fire-risk-survey: the answers, when they were completed, a placeholder address and the user agent (docs/behaviour.md §3). */
export const fireRiskSurveySubmissionSchema = z.object({
  /** Optional; when sent it must be the signed-in member's id. */
  userId: z.string().trim().min(1).max(128).optional(),
  answers: fireRiskAnswersSchema,
  completedAt: instantText('completedAt must be an ISO date-time, e.g. 2025-05-20T09:30:00+08:00', { offset: true }),
  /** The client sends a placeholder; the server records the address it sees. */
  ipAddress: z.string().max(100).optional(),
  userAgent: z.string().max(500, { error: 'userAgent must be at most 500 characters' }).optional(),
});
export type FireRiskSurveySubmission = z.infer<typeof fireRiskSurveySubmissionSchema>;

export const fireRiskSurveyQuerySchema = z.object({
  userId: z.string().trim().min(1, { error: 'userId must name a member' }).max(128).optional(),
});

export const fireRiskSurveyDataSchema = z.object({
  id: z.string(),
  answers: fireRiskAnswersSchema,
  completedAt: z.string(),
  userAgent: z.string().nullable(),
});
export type FireRiskSurveyData = z.infer<typeof fireRiskSurveyDataSchema>;

/**
 * The wizard's copy of the member's survey in a quote (personalDetails and coverage
 * `fireRiskSurveyData`): the answers the server kept and when they were completed, as
 * `fire-risk-survey.tsx` writes it. The application keeps the server's survey, never this copy.
 */
export const fireRiskSurveyCopySchema = fireRiskAnswersSchema.extend({
  completedAt: z.string().min(1).max(64, { error: 'completedAt must be the date and time the survey was completed' }),
});
export type FireRiskSurveyCopy = z.infer<typeof fireRiskSurveyCopySchema>;

export const fireRiskSurveyStatusSchema = z.object({
  success: z.literal(true),
  hasCompleted: z.boolean(),
  surveyData: fireRiskSurveyDataSchema.nullable(),
});
export type FireRiskSurveyStatus = z.infer<typeof fireRiskSurveyStatusSchema>;
