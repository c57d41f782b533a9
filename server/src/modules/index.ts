import type { Router } from 'express';
import type { AppContext } from '../context';
import { alertsRouter } from './alerts/alerts.router';
import { adminAccountsRouter } from './accounts/admin-accounts.router';
import { adminOperationsRouter } from './admin-operations/admin-operations.router';
import { adminInsightsRouter } from './admin-insights/admin-insights.router';
import { adminAnalyticsRouter } from './admin-analytics/admin-analytics.router';
import { authRouter } from './accounts/auth.router';
import { passwordResetRouter } from './accounts/password-reset.router';
import { referrerRouter } from './accounts/referrer.router';
import { registrationRouter } from './accounts/registration.router';
import { userRouter } from './accounts/user.router';
import { backgroundJobsRouter } from './background-jobs/background-jobs.router';
import { billingRouter } from './billing/billing.router';
import { brokersRouter } from './brokers/brokers.router';
import { calculatorSettingsRouter } from './calculator-settings/calculator-settings.router';
import { certificatesRouter } from './certificates/certificates.router';
import { claimsRouter } from './claims/claims.router';
import { crmRouter } from './crm/crm.router';
import { dashboardRouter } from './dashboard/dashboard.router';
import { discountsRouter } from './discounts/discounts.router';
import { farmRouter } from './farm/farm.router';
import { filesRouter } from './files/files.router';
import { memberSettingsRouter } from './member-settings/member-settings.router';
import { healthRouter } from './health/health.router';
import { adminPricingRouter } from './pricing/admin-pricing.router';
import { pricingRouter } from './pricing/pricing.router';
import { pricingMonitorRouter } from './pricing-monitor/pricing-monitor.router';
import { callbacksRouter } from './protection/callbacks.router';
import { fireRiskSurveyRouter } from './protection/fire-risk-survey.router';
import { protectionRouter } from './protection/protection.router';
import { formSubmissionsAdminRouter } from './public-site/form-submissions-admin.router';
import { publicSiteRouter } from './public-site/public-site.router';
import { quotesRouter } from './quotes/quotes.router';
import { supportRouter } from './support/support.router';
import { peopleRouter } from './people/people.router';
import { supportRequestsRouter } from './support-requests/support-requests.router';
import { riskSimulationRouter } from './risk-simulation/risk-simulation.router';
import { seasonsRouter } from './seasons/seasons.router';
import { soilRouter } from './soil/soil.router';
import { xeroRouter } from './xero/xero.router';

/** Every API router, mounted under /api in this order. Add a module's router here. */
export function apiRouters(context: AppContext): Router[] {
  return [
    healthRouter(context),
    authRouter(context),
    registrationRouter(context),
    passwordResetRouter(context),
    userRouter(context),
    referrerRouter(context),
    adminAccountsRouter(context),
    supportRouter(context),
    publicSiteRouter(context),
    formSubmissionsAdminRouter(context),
    adminInsightsRouter(context),
    adminAnalyticsRouter(context),
    pricingRouter(context),
    adminPricingRouter(context),
    adminOperationsRouter(context),
    protectionRouter(context),
    callbacksRouter(context),
    fireRiskSurveyRouter(context),
    quotesRouter(context),
    dashboardRouter(context),
    certificatesRouter(context),
    seasonsRouter(context),
    claimsRouter(context),
    billingRouter(context),
    farmRouter(context),
    brokersRouter(context),
    memberSettingsRouter(context),
    filesRouter(context),
    crmRouter(context),
    peopleRouter(context),
    supportRequestsRouter(context),
    riskSimulationRouter(context),
    discountsRouter(context),
    calculatorSettingsRouter(context),
    pricingMonitorRouter(context),
    backgroundJobsRouter(context),
    alertsRouter(context),
    soilRouter(context),
    xeroRouter(context),
  ];
}
