import { nextSeasonDraft, type CarriedPaddock } from '@shared/domain/dashboard/next-season';
import { apiRequest } from '../../lib/api-client';

/** Saves next season's draft (the member's own: drafts are owner-only) and returns where the wizard opens it. */
export async function startNextSeason(userId: string, paddocks: readonly CarriedPaddock[], zone?: string): Promise<string> {
  const id = `draft_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const body = nextSeasonDraft(id, userId, paddocks, zone);
  await apiRequest('POST', '/api/user/drafts', { body });
  // The wizard resumes the member's most recent draft when it opens beyond get-started.
  return `/quote?step=${body.step}`;
}
