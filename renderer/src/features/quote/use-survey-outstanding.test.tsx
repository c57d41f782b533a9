// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { useQuoteStore } from './stores/quote-store';
import { useSurveyOutstanding } from './use-survey-outstanding';

const initialQuote = useQuoteStore.getState();
beforeEach(() => {
  useQuoteStore.setState(initialQuote, true);
});

const outstanding = () => renderHook(() => useSurveyOutstanding()).result.current;

describe('the fire risk survey still to answer (the review never says complete while it asks for the survey)', () => {
  it('is outstanding once fire cover is chosen and the survey is unanswered', () => {
    expect(outstanding()).toBe(false);
    useQuoteStore.getState().setSelectedCoverageType('hail');
    expect(outstanding()).toBe(false);
    useQuoteStore.getState().setSelectedCoverageType('both');
    expect(outstanding()).toBe(true);
    useQuoteStore.getState().setSelectedCoverageType('fire');
    expect(outstanding()).toBe(true);
  });

  it('is answered by the member’s stored survey or by this quote’s', () => {
    useQuoteStore.getState().setSelectedCoverageType('both');
    useSessionStore.getState().setFireRiskSurvey({ hasCompleted: true });
    expect(outstanding()).toBe(false);
    useSessionStore.getState().setFireRiskSurvey({ hasCompleted: false });
    useQuoteStore.getState().updatePersonalDetails({ hasCompletedSurvey: true });
    expect(outstanding()).toBe(false);
  });
});
