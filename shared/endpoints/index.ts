/**
 * The endpoint table: every route declared in shared/endpoints, by domain. The server's routers
 * mount from these records; the access matrix and docs/endpoints.md read this list.
 */
import { accountEndpoints, staffAccountEndpoints } from './accounts';
import { adminOperationsEndpoints } from './admin-operations';
import { billingEndpoints } from './billing';
import { claimEndpoints } from './claims';
import { farmEndpoints } from './farm';
import { fileEndpoints } from './files';
import { healthEndpoints } from './health';
import { adminAnalyticsEndpoints } from './admin-analytics';
import { adminInsightsEndpoints } from './admin-insights';
import { alertEndpoints } from './alerts';
import { backgroundJobEndpoints } from './background-jobs';
import { brokerEndpoints } from './brokers';
import { calculatorSettingsEndpoints } from './calculator-settings';
import { certificateEndpoints } from './certificates';
import { crmEndpoints } from './crm';
import { dashboardEndpoints } from './dashboard';
import { discountEndpoints } from './discounts';
import type { Endpoint } from './endpoint';
import { memberSettingsEndpoints } from './member-settings';
import { peopleEndpoints } from './people';
import { pricingEndpoints } from './pricing';
import { protectionEndpoints } from './protection';
import { quoteEndpoints } from './quotes';
import { signInEndpoints } from './sign-in';
import { supportEndpoints } from './support';
import { pricingMonitorEndpoints } from './pricing-monitor';
import { publicSiteEndpoints } from './public-site';
import { referrerEndpoints } from './referrers';
import { riskSimulationEndpoints } from './risk-simulation';
import { seasonEndpoints } from './seasons';
import { soilEndpoints } from './soil';
import { supportRequestEndpoints } from './support-requests';
import { xeroEndpoints } from './xero';

/** Each domain's endpoints under the name its docs section uses. */
export const ENDPOINT_DOMAINS: Record<string, Record<string, Endpoint>> = {
  'Sign-in service': signInEndpoints,
  'Accounts, registration and password reset': accountEndpoints,
  'Staff: security log, users, members, referrers': staffAccountEndpoints,
  'Support mode': supportEndpoints,
  Health: healthEndpoints,
  'Public site: forms, reports and documents': publicSiteEndpoints,
  'Staff’s season overview': adminOperationsEndpoints,
  'Zones, crop data and pricing': pricingEndpoints,
  'Drafts and saved estimates': quoteEndpoints,
  'Estimates, submission and applications': protectionEndpoints,
  Claims: claimEndpoints,
  Payments: billingEndpoints,
  'Your Farm': farmEndpoints,
  'Stored files': fileEndpoints,
  'The member’s dashboard': dashboardEndpoints,
  'Certificates of protection': certificateEndpoints,
  Seasons: seasonEndpoints,
  'Member settings': memberSettingsEndpoints,
  'Support requests': supportRequestEndpoints,
  'Background jobs': backgroundJobEndpoints,
  'Brokers’ clients': brokerEndpoints,
  Referrers: referrerEndpoints,
  'Registration and quote analytics': adminAnalyticsEndpoints,
  'Lead pipeline': crmEndpoints,
  'People: user lookup and user tracking': peopleEndpoints,
  'Risk simulation': riskSimulationEndpoints,
  'Soil testing pilot': soilEndpoints,
  'Storm and fire alerts': alertEndpoints,
  'Errors, analytics and corporate documents': adminInsightsEndpoints,
  Xero: xeroEndpoints,
  'Calculator settings': calculatorSettingsEndpoints,
  'Pricing monitor': pricingMonitorEndpoints,
  'Discount rules and discount management': discountEndpoints,
};

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_DOMAINS).flatMap((domain) => Object.values(domain));
