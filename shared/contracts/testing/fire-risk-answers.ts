import { FIRE_RISK_QUESTIONS, type FireRiskAnswers } from '../fire-risk-survey';

/** Every survey question answered with its option at `choice` (the first by default), as a member's survey form sends them. */
export function everyQuestionAnswered(choice = 0): FireRiskAnswers {
  return Object.fromEntries(FIRE_RISK_QUESTIONS.map((question) => [question.id, question.options[choice]?.value])) as FireRiskAnswers;
}
