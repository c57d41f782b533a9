/**
 * A grower who came with a referrer's code, as the referrer sees them: their name (family name
 * initialled), business, when they registered and how far their quote has got; never their contact
 * details or figures, since the grower's relationship is with the mutual.
 */
import type { ReferralLead } from '@shared/contracts/accounts';

interface ReferredMember {
  id: string;
  firstName: string;
  lastName: string;
  businessName: string | null;
  createdAt: Date;
  /** Newest first. */
  drafts: ReadonlyArray<{ step: string; status: string; updatedAt: Date }>;
}

export function presentReferralLead(member: ReferredMember): ReferralLead {
  const latest = member.drafts[0];
  const completed = member.drafts.some((draft) => draft.status === 'COMPLETED');
  return {
    id: member.id,
    name: `${member.firstName} ${member.lastName.slice(0, 1)}${member.lastName ? '.' : ''}`.trim(),
    businessName: member.businessName,
    registeredAt: member.createdAt.toISOString(),
    quoteStage: completed ? 'quote_completed' : latest ? 'quote_started' : 'registered',
    lastQuoteStep: latest?.step ?? null,
    lastActivityAt: (latest?.updatedAt ?? member.createdAt).toISOString(),
  };
}
