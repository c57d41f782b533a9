/**
 * The endpoint table: every route declared in shared/endpoints, by domain. The server's routers
 * mount from these records; the access matrix and docs/endpoints.md read this list.
 */
import { backgroundJobEndpoints } from './background-jobs';
import { brokerEndpoints } from './brokers';
import type { Endpoint } from './endpoint';
import { referrerEndpoints } from './referrers';
import { supportRequestEndpoints } from './support-requests';

/** Each domain's endpoints under the name its docs section uses. */
export const ENDPOINT_DOMAINS: Record<string, Record<string, Endpoint>> = {
  'Support requests': supportRequestEndpoints,
  'Background jobs': backgroundJobEndpoints,
  'Brokers’ clients': brokerEndpoints,
  Referrers: referrerEndpoints,
};

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_DOMAINS).flatMap((domain) => Object.values(domain));
