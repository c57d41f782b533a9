import { fireRiskSurveyStatusSchema, type FireRiskSurveySubmission } from '@shared/contracts/fire-risk-survey';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/fire-risk-survey: the answers with completedAt, a placeholder address and the user agent. */
export const submitFireRiskSurvey = (submission: FireRiskSurveySubmission) => apiRequest('POST', '/api/user/fire-risk-survey', { body: submission, schema: fireRiskSurveyStatusSchema });
