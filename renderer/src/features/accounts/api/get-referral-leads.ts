import { queryOptions, useQuery } from '@tanstack/react-query';
import { referrerEndpoints } from '@shared/endpoints/referrers';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/referrer/leads: the signed-in referrer's code, counts and leads. Keyed by referrer, so another sign-in never sees them. */
export const referralLeadsQueryOptions = (referrerUserId: string) => queryOptions({ queryKey: ['referrer', referrerUserId, 'leads'], queryFn: () => callEndpoint(referrerEndpoints.leads) });

export const useReferralLeads = (referrerUserId: string | undefined) => useQuery({ ...referralLeadsQueryOptions(referrerUserId ?? ''), enabled: referrerUserId !== undefined });
