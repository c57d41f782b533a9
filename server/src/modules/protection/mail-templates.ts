import { COVERAGE_TYPE_DESCRIPTIONS, type CoverageType } from '@shared/constants';
import type { CallbackRequest, ProtectionApplication } from '@shared/contracts/protection';
import { PROTECTION_STAGE_LABELS, protectionStageDescription, REVIEW_PERIOD } from '@shared/domain/protection/lifecycle';
import type { ProtectionStage } from '@shared/contracts/protection-status';
import { CROP_VALUE_LABEL, moneyBreakdown } from '@shared/domain/estimates';
import { formatHectares, formatMoney } from '@shared/format';
import { email } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

/** The label of an application's stage in e-mails, beside its reference. */
const STAGE_LABEL = 'Where it is up to';

/** Paragraphs, label/value rows and more paragraphs, through the one e-mail layout. */
function message(to: string, subject: string, before: string[], rows: Array<[string, string]>, after: string[], options: { replyTo?: string; audience?: 'member' | 'staff' } = {}): MailMessage {
  return email({ to, subject, ...options, blocks: [...before.map((paragraph) => ({ paragraph })), { facts: rows }, ...after.map((paragraph) => ({ paragraph }))] });
}

/** `reference` is the application's APP-… number, what the member quotes when they call. */
export function applicationConfirmationEmail({ to, firstName, application, reference }: { to: string; firstName: string; application: ProtectionApplication; reference: string }): MailMessage {
  const cover = COVERAGE_TYPE_DESCRIPTIONS[application.coverageType];
  const priced = application.paddocks.filter((paddock) => paddock.priced).length;
  return message(
    to,
    `We have your application for ${cover} protection (${reference})`,
    [`Hello ${firstName},`, `Thank you for applying for ${cover} protection for the ${application.seasonYear} season. These are the figures we worked out from your quote:`],
    [
      ['Application', reference],
      [STAGE_LABEL, PROTECTION_STAGE_LABELS.submitted],
      ['Protection', cover],
      ['Risk zone', application.zoneCode],
      ['Paddocks protected', `${priced} (${formatHectares(application.coveredArea)})`],
      [CROP_VALUE_LABEL, formatMoney(application.insuredValue)],
      ...moneyBreakdown(application.premium).map((line): [string, string] => [line.label, formatMoney(line.amount)]),
    ],
    [
      `What happens next: our team checks your paddocks and crops within ${REVIEW_PERIOD} and contacts you to confirm your protection and send your invoice. You are not protected yet: protection starts when your first payment reaches us.`,
      'You can see your application at any time in your member dashboard. If something is not right, reply to this e-mail.',
    ],
  );
}

/**
 * Staff moved an application on: the member reads its new stage in the dashboard's words
 * (lifecycle.ts), what it means, and where to see it.
 */
export function applicationStageEmail({
  to,
  firstName,
  reference,
  cover,
  stage,
  dashboardUrl,
}: {
  to: string;
  firstName: string;
  reference: string;
  cover: string;
  stage: ProtectionStage;
  dashboardUrl: string;
}): MailMessage {
  return email({
    to,
    subject: `Your application ${reference}: ${PROTECTION_STAGE_LABELS[stage]}`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      { paragraph: `Your application for ${cover} protection has moved on.` },
      {
        facts: [
          ['Application', reference],
          [STAGE_LABEL, PROTECTION_STAGE_LABELS[stage]],
        ],
      },
      { paragraph: protectionStageDescription(stage, 'member') },
      { action: { label: 'See it in your dashboard', url: dashboardUrl } },
    ],
  });
}

export function callbackRequestStaffEmail({ to, request, id }: { to: string; request: CallbackRequest; id: string }): MailMessage {
  const { userInfo, estimateData } = request;
  const coverageType: CoverageType | null | undefined = estimateData?.coverageType;
  return message(
    to,
    `Callback requested: ${userInfo.firstName} ${userInfo.lastName} (${request.reason})`,
    [`${userInfo.firstName} ${userInfo.lastName} asked for a call about their estimate.`],
    [
      ['Request', id],
      ['Reason', request.reason],
      ['When to call', request.customTime ? `${request.timePreference} (${request.customTime})` : request.timePreference],
      ['Phone', userInfo.phone],
      ['E-mail', userInfo.email],
      ['Protection', coverageType ? COVERAGE_TYPE_DESCRIPTIONS[coverageType] : 'not chosen'],
      ['Premium shown', estimateData?.premium != null ? formatMoney(estimateData.premium) : 'none'],
      ['Insured value', estimateData?.insuredValue != null ? formatMoney(estimateData.insuredValue) : 'none'],
      ['Covered area', estimateData?.coveredArea != null ? formatHectares(estimateData.coveredArea) : 'none'],
    ],
    request.description ? [`Their note: ${request.description}`] : [],
    { replyTo: userInfo.email, audience: 'staff' },
  );
}
