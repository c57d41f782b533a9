import { COVERAGE_TYPE_DESCRIPTIONS, type CoverageType } from '@shared/constants';
import type { CallbackRequest, ProtectionApplication } from '@shared/contracts/protection';
import { formatDollars, formatHectares } from '@shared/domain/pricing/money';
import { html } from '../../lib/html';
import type { MailMessage } from '../../lib/mailer';

const FOOTER = 'Grain Growers Mutual — crop risk protection from a farmer-owned discretionary mutual (not insurance).';

/** Paragraphs and label/value rows, as plain text and as the same words in simple HTML. */
function message(to: string, subject: string, before: string[], rows: Array<[string, string]>, after: string[], replyTo?: string): MailMessage {
  const text = [...before, rows.map(([label, value]) => `${label}: ${value}`).join('\n'), ...after, FOOTER].join('\n\n');
  const body = html`<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2a1f;max-width:40rem">
${before.map((paragraph) => html`<p>${paragraph}</p>\n`)}
<table style="border-collapse:collapse">
${rows.map(([label, value]) => html`<tr><th style="text-align:left;padding:.2rem 1rem .2rem 0">${label}</th><td>${value}</td></tr>\n`)}
</table>
${after.map((paragraph) => html`<p>${paragraph}</p>\n`)}
<p style="color:#5b665b;font-size:.85rem">${FOOTER}</p>
</body></html>`;
  return { to, subject, text, html: body, ...(replyTo ? { replyTo } : {}) };
}

export function applicationConfirmationEmail({ to, firstName, application }: { to: string; firstName: string; application: ProtectionApplication }): MailMessage {
  const cover = COVERAGE_TYPE_DESCRIPTIONS[application.coverageType];
  const priced = application.paddocks.filter((paddock) => paddock.priced).length;
  return message(
    to,
    `We have your application for ${cover} protection (${application.id})`,
    [`Hello ${firstName},`, `Thank you for applying for ${cover} protection for the ${application.seasonYear} season. These are the figures we worked out from your quote:`],
    [
      ['Application', application.id],
      ['Protection', cover],
      ['Risk zone', application.zoneCode],
      ['Paddocks protected', `${priced} (${formatHectares(application.coveredArea)})`],
      ['Insured value', formatDollars(application.insuredValue)],
      ['Premium', formatDollars(application.displayedPremium)],
      ['Membership fee', formatDollars(application.estimate.membershipFee)],
      ['Total payable', formatDollars(application.totalPayable)],
    ],
    [
      'What happens next: our team checks your paddocks and crops, and will contact you within two business days to confirm your protection and send your invoice. Protection starts once the invoice is paid.',
      'You can see your application at any time in your member dashboard. If something is not right, reply to this e-mail.',
    ],
  );
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
      ['Premium shown', estimateData?.premium != null ? formatDollars(estimateData.premium) : 'none'],
      ['Insured value', estimateData?.insuredValue != null ? formatDollars(estimateData.insuredValue) : 'none'],
      ['Covered area', estimateData?.coveredArea != null ? formatHectares(estimateData.coveredArea) : 'none'],
    ],
    request.description ? [`Their note: ${request.description}`] : [],
    userInfo.email,
  );
}
