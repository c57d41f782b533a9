import type { ClaimView } from '@shared/contracts/claims';
import type { InvoiceView, OverviewView, ProtectionView } from '@shared/contracts/dashboard';
import type { SeasonDates } from '@shared/contracts/seasons';
import { renewalFrom } from '@shared/domain/protection/renewal';
import { displayName } from '@shared/domain/accounts/display-name';
import { isOpenClaim } from '@shared/domain/claims/claims';
import { amountsOwed, keyDatesAhead } from '@shared/domain/dashboard/overview';
import type { Draft, SavedEstimate, User } from '../generated/prisma/client';

export interface OverviewRecords {
  member: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>;
  protections: ProtectionView[];
  invoices: InvoiceView[];
  claims: ClaimView[];
  drafts: Array<Pick<Draft, 'id' | 'step' | 'updatedAt'>>;
  savedEstimates: Array<Pick<SavedEstimate, 'id' | 'createdAt'>>;
  /** The season open today. */
  season: SeasonDates;
}

/** The dashboard's overview of a member's records on a Perth day (docs/dashboard.md, 'Overview'). */
export function presentOverview({ member, protections, invoices, claims, drafts, savedEstimates, season }: OverviewRecords, today: string): OverviewView {
  const renewal = renewalFrom(protections, season.year);
  return {
    member: { id: member.id, name: displayName(member) },
    protections,
    owed: amountsOwed(invoices, today),
    openClaims: claims.filter((claim) => isOpenClaim(claim.status)).map(({ id, reference, peril, eventDate, status, estimatedLossCents }) => ({ id, reference, peril, eventDate, status, estimatedLossCents })),
    drafts: drafts.map((draft) => ({ id: draft.id, step: draft.step, updatedAt: draft.updatedAt.toISOString() })),
    savedEstimates: savedEstimates.map((estimate) => ({ id: estimate.id, createdAt: estimate.createdAt.toISOString() })),
    keyDates: keyDatesAhead(invoices, protections, today),
    season,
    renewal: renewal ? { fromApplicationId: renewal.id } : null,
  };
}
