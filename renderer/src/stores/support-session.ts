/**
 * Support mode as staff work in it: a session opens on the member's own dashboard, whose
 * pages then show that member's records (features/dashboard/member-scope.tsx) until Exit; their
 * quote is one link away. The desktop console opens the same pages in a session window instead.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SupportPermissionLevel } from '@shared/constants';
import type { DraftStatus } from '@shared/contracts/drafts';
import { draftToSelect } from '@shared/domain/quote/draft';
import { isWizardStep, stepIndex } from '@shared/domain/quote/steps';
import { openSupportWindow } from '../lib/desktop';
import { supportQuotePath } from './session-cache';
import { enterSupportMode, exitSupportMode } from './session-store';

/** Where a support session starts: the member's dashboard, with their applications. */
export const SUPPORT_HOME = '/dashboard';
/** Where staff go when they leave a member's data: the members list they entered from. */
export const SUPPORT_EXIT = '/admin/members';

/** Where the member's applications are, in support mode: their Protection page. */
export const SUPPORT_APPLICATIONS = '/dashboard/protection';

interface MemberWork {
  /** The member's applications (any stage): when each was submitted. */
  applications: ReadonlyArray<{ submittedAt: string }>;
  /** The member's drafts as GET /api/user/drafts lists them. */
  drafts: ReadonlyArray<{ id: string; step: string; status: DraftStatus; updatedAt: string }>;
}

const time = (iso: string) => {
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
};

/**
 * Where the support bar's 'Their quote' leads: the member's latest piece of work. Their newest
 * draft (the one the wizard auto-selects, docs/behaviour.md §4), when it went past get-started and is newer than
 * their last application, opens in the wizard at its own step, resumed at once; else an application
 * opens their Protection page, where it is; else the wizard opens at get-started, which lists any
 * draft saved before it went further (holding no more than the account and the farm's address).
 */
export function theirQuotePath(customerId: string, work: MemberWork): string {
  const newestApplication = Math.max(Number.NEGATIVE_INFINITY, ...work.applications.map((application) => time(application.submittedAt)));
  const draftId = draftToSelect(work.drafts, null);
  const draft = work.drafts.find((candidate) => candidate.id === draftId);
  if (draft !== undefined && isWizardStep(draft.step) && stepIndex(draft.step) > stepIndex('get-started') && time(draft.updatedAt) >= newestApplication) {
    return `/quote?${new URLSearchParams({ support: 'true', customerId, step: draft.step })}`;
  }
  return work.applications.length > 0 ? SUPPORT_APPLICATIONS : supportQuotePath(customerId);
}

/** Enters support mode for a member and opens their dashboard; throws the enter call's refusal. */
export function useOpenSupportSession() {
  const navigate = useNavigate();
  return useCallback(
    async (member: { id: string; name: string }, level: SupportPermissionLevel) => {
      await enterSupportMode(member.id, member.name, level);
      if (!(await openSupportWindow(member.id, member.name))) navigate(SUPPORT_HOME);
    },
    [navigate],
  );
}

/** Ends support mode and goes back to the members list, so no page goes on showing the member's data as the staff member's own. */
export function useExitSupportSession() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await exitSupportMode();
    navigate(SUPPORT_EXIT);
  }, [navigate]);
}
