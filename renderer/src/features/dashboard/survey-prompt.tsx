import type { ProtectionView } from '@shared/contracts/dashboard';
import { useFireRiskSurvey } from './api/get-fire-risk-survey';
import type { RecordScope } from '../../api/scope';
import { MemberLink } from './member-scope';
import styles from './dashboard.module.css';

/** On the dashboard: a member with fire cover who has not answered the survey is asked, with a link to the page. */
export function SurveyPrompt({ protections, scope }: { protections: ProtectionView[]; scope: RecordScope }) {
  const needsSurvey = protections.some((protection) => protection.stage !== 'ended' && protection.coverageType !== 'hail');
  const survey = useFireRiskSurvey(scope);
  if (!needsSurvey || !survey.isSuccess || survey.data.hasCompleted) return null;
  return (
    <p className={`${styles.notice} ${styles.noticeWarning}`} data-testid="survey-prompt">
      Your fire and lightning protection asks for the fire risk survey, which is not answered yet. <MemberLink to="/dashboard/fire-risk-survey">Answer the fire risk survey</MemberLink>
    </p>
  );
}
