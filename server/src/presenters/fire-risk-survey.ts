/** The member's latest fire risk survey as docs/behaviour.md §7 answers it: completed with its answers, or not yet. */
import type { FireRiskSurveyStatus } from '@shared/contracts/fire-risk-survey';
import { fireRiskAnswersSchema } from '@shared/contracts/fire-risk-survey';

type SurveyRow = { id: string; answers: unknown; completedAt: Date; userAgent: string | null };

export function presentSurvey(row: SurveyRow | null): FireRiskSurveyStatus {
  const answers = row ? fireRiskAnswersSchema.safeParse(row.answers) : null;
  // Answers stored against an older question list are shown as not completed, so the member answers again.
  if (!row || !answers?.success) return { success: true, hasCompleted: false, surveyData: null };
  return { success: true, hasCompleted: true, surveyData: { id: row.id, answers: answers.data, completedAt: row.completedAt.toISOString(), userAgent: row.userAgent } };
}
