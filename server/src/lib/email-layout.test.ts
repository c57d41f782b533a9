import { describe, expect, it } from 'vitest';
import { emailChangeCodeEmail, passwordResetEmail, referrerWelcomeEmail, verificationCodeEmail } from '../modules/accounts/mail-templates';
import { applicationConfirmationEmail, applicationStageEmail, callbackRequestStaffEmail } from '../modules/protection/mail-templates';
import { clientsAlertEmail } from '../modules/alerts/alert-emails';
import { email, MUTUAL } from './email-layout';
import { htmlString } from './html';
import type { MailMessage } from './mailer';

const NAME = 'Zoë <i>Ngāti</i> & "Co"';
const NAME_ESCAPED = 'Zoë &lt;i&gt;Ngāti&lt;/i&gt; &amp; &quot;Co&quot;';
const CONTACT = `Call ${MUTUAL.phone} or e-mail ${MUTUAL.email}`;

const application = {
  id: 'app1',
  coverageType: 'hail',
  seasonYear: 2026,
  zoneCode: 'CWB',
  paddocks: [{ priced: true }],
  coveredArea: 550,
  insuredValue: 491_200,
  premium: 5_857.32,
  displayedPremium: 6_443.05,
  totalPayable: 7_578.78,
  estimate: { membershipFee: 500 },
} as never;

const hailWarning = { kind: 'hail', title: 'Severe thunderstorm warning', source: 'bom', effectiveAt: new Date('2026-11-14T07:20:00Z'), expiresAt: null, hailSizeMm: 40 } as const;
const clientUnderIt = (name: string, id: string) => ({
  name,
  id,
  paddocks: [{ applicationId: 'a1', paddockId: 'p1', name: 'Creek Flat', placedBy: 'boundary' as const, share: 0.5, areaHa: 100, hectaresAffected: 50 }],
  protections: [],
  raise: null,
});

/** Bea the broker's alert e-mail for the hail warning over `clients`. */
const brokersAlert = (clients: Parameters<typeof clientsAlertEmail>[0]['clients']) =>
  clientsAlertEmail({ to: 'b@example.com', firstName: 'Bea', recipient: 'broker', origin: 'https://grainmutual.example', event: hailWarning, clients });

const templates: Array<[string, MailMessage, 'member' | 'staff']> = [
  ['verification code', verificationCodeEmail({ to: 'a@example.com', firstName: NAME, code: '123456', validMinutes: 10 }), 'member'],
  ['e-mail change code', emailChangeCodeEmail({ to: 'a@example.com', firstName: NAME, code: '123456', validMinutes: 10 }), 'member'],
  ['password reset', passwordResetEmail({ to: 'a@example.com', firstName: NAME, url: 'https://grainmutual.example/auth/reset-password?token=abc', validMinutes: 60 }), 'member'],
  ['referrer welcome', referrerWelcomeEmail({ to: 'a@example.com', firstName: NAME, organisation: 'Wheatbelt Ag', code: 'REF1', url: 'https://grainmutual.example/x', validFor: '7 days' }), 'member'],
  ['application confirmation', applicationConfirmationEmail({ to: 'a@example.com', firstName: NAME, application, reference: 'APP-2026-00001' }), 'member'],
  [
    'application stage',
    applicationStageEmail({ to: 'a@example.com', firstName: NAME, reference: 'APP-2026-00001', cover: 'Hail', stage: 'invoiced', dashboardUrl: 'https://grainmutual.example/dashboard/protection' }),
    'member',
  ],
  [
    'callback request to staff',
    callbackRequestStaffEmail({
      to: 'staff@example.com',
      id: 'cb1',
      request: {
        reason: 'Questions',
        timePreference: 'morning',
        customTime: null,
        description: 'Call after 10',
        userInfo: { email: 'a@example.com', firstName: NAME, lastName: 'Smith', phone: '0400 000 000' },
        estimateData: null,
      },
    }),
    'staff',
  ],
  ['broker’s alert for two clients', brokersAlert([clientUnderIt(NAME, 'u1'), clientUnderIt('Sam Wheat', 'u2')]), 'member'],
];

describe('the e-mail layout', () => {
  it.each(templates)('lays out the %s e-mail: the mutual at the top, the not-insurance line at the foot, in both parts', (_, message, audience) => {
    const body = htmlString(message.html);
    expect(message.text.startsWith(`${MUTUAL.name}\n\n`)).toBe(true);
    expect(message.text.trimEnd().endsWith(`${MUTUAL.name}: ${MUTUAL.notInsurance}`)).toBe(true);
    expect(body).toMatch(/^<!doctype html>/);
    expect(body).toContain(`>${MUTUAL.name}</p>`);
    expect(body).toContain(`${MUTUAL.name}: ${MUTUAL.notInsurance}`);
    // A long address in a sentence breaks where it must, so a phone's screen does not scroll sideways.
    expect(body).toMatch(/<div style="[^"]*overflow-wrap:break-word[^"]*">/);
    // Members are told how to reach the mutual; staff notices leave that out.
    expect(message.text.includes(CONTACT)).toBe(audience === 'member');
    expect(body.includes(CONTACT)).toBe(audience === 'member');
  });

  it.each(templates)('keeps a person’s name as text in the %s e-mail', (_, message) => {
    expect(htmlString(message.html)).toContain(NAME_ESCAPED);
    expect(htmlString(message.html)).not.toContain('<i>');
    expect(message.text).toContain(NAME);
  });

  it('writes facts as "label: value" lines and table rows, with money at two decimals', () => {
    const message = applicationConfirmationEmail({ to: 'a@example.com', firstName: 'Jo', application, reference: 'APP-2026-00042' });
    expect(message.subject).toContain('(APP-2026-00042)');
    expect(message.text).toContain('Application: APP-2026-00042\n');
    expect(message.text).toContain('Where it is up to: Submitted\n');
    expect(message.text).toContain('Total payable (incl. GST): $7,578.78\n');
    expect(message.text).toContain('Membership fee (GST applies): $500.00\n');
    expect(message.text).toContain('Paddocks protected: 1 (550 ha)');
    expect(htmlString(message.html)).toContain('Total payable (incl. GST)</th><td>$7,578.78</td>');
  });

  it('heads each client’s part of a broker’s alert: a heading in HTML, an underlined line in text', () => {
    const message = brokersAlert([clientUnderIt('Jo Grower', 'u1'), clientUnderIt('Sam Wheat', 'u2')]);
    expect(message.subject).toBe('Hail alert: 2 of your clients, 2 paddocks');
    expect(message.text).toContain(`Jo Grower: one paddock\n${'-'.repeat(22)}\n\nCreek Flat: 50% of 100 ha (about 50 ha)`);
    expect(htmlString(message.html)).toMatch(/<h2 style="[^"]*">Sam Wheat: one paddock<\/h2>/);
  });

  it('says under a client’s heading when an update raised the warning over them, and not for the client it newly covers', () => {
    const raised = { ...clientUnderIt('Jo Grower', 'u1'), raise: { level: ['Severe', 'Extreme'] as const, hailMm: [40, 60] as const } };
    const message = brokersAlert([raised, clientUnderIt('Sam Wheat', 'u2')]);
    expect(message.text).toContain('The warning over Jo Grower’s paddocks has been raised: from Severe to Extreme, hail up to 6 cm (was up to 4 cm).');
    expect(message.text).not.toContain('The warning over Sam Wheat’s paddocks');
  });

  it('shows a paragraph’s line breaks in HTML and escapes an action’s link', () => {
    const message = email({
      to: 'a@example.com',
      subject: 'Test',
      blocks: [{ paragraph: 'first line\n<script>second</script>' }, { action: { label: 'Open', url: 'https://x.example/?a=1&b="2"' } }],
    });
    const body = htmlString(message.html);
    expect(body).toContain('<p>first line<br>&lt;script&gt;second&lt;/script&gt;</p>');
    expect(body).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(message.text).toContain('first line\n<script>second</script>\n\nOpen: https://x.example/?a=1&b="2"');
  });
});
