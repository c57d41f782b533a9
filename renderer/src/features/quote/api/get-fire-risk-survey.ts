import { fireRiskSurveyStatusSchema } from '@shared/contracts/fire-risk-survey';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/fire-risk-survey?userId: whether the member has answered the survey, and their answers. */
export const getFireRiskSurvey = (userId: string | null) =>
  apiRequest('GET', userId === null ? '/api/user/fire-risk-survey' : `/api/user/fire-risk-survey?userId=${encodeURIComponent(userId)}`, { schema: fireRiskSurveyStatusSchema });
