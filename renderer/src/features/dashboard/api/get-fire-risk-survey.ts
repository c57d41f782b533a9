import { useQuery } from '@tanstack/react-query';
import { fireRiskSurveyQueryOptions } from '../../../api/get-fire-risk-survey';
import type { RecordScope } from '../../../api/scope';

/** The survey of the member shown: a broker's client, or the viewer themself. */
export const useFireRiskSurvey = ({ viewerId, memberId }: RecordScope) => useQuery(fireRiskSurveyQueryOptions(memberId ?? viewerId));
