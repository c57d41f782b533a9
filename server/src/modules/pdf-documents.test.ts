/**
 * Every PDF the server makes goes through the one document writer, whose
 * embedded Unicode font prints a member's name as typed. Each document is made through its real
 * route or builder and read back with a real PDF reader (pdf.js), as a member copying from it would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceListSchema } from '@shared/contracts/dashboard';
import { bpayReference } from '@shared/domain/billing/how-to-pay';
import { moneyBreakdown, type MoneyLine } from '@shared/domain/estimates';
import { formatMoney } from '@shared/format';
import { createTestUser, signedInAgent, type TestAgent } from '../testing/accounts';
import { extractPdfText } from '../testing/pdf-text';
import { quotePdfText } from '../testing/quote-pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createApplication } from '../testing/dashboard-fixtures';
import { renderDocumentPdf } from './public-site/corporate-documents.seed';
import { binaryBody } from '../testing/binary-body';

const NAME = { firstName: 'Ngāti', lastName: 'Zoë' };
const FULL_NAME = 'Ngāti Zoë';
const PADDOCK = 'Pōhutukawa – Łąka ß';

let t: TestApp;
let member: TestAgent;
let admin: TestAgent;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  memberId = (await createTestUser(t.db, { email: 'ngati@example.com', ...NAME })).id;
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  member = await signedInAgent(t.app, 'ngati@example.com');
  admin = await signedInAgent(t.app, 'staff@example.com');
});
afterAll(() => t.close());

async function pdfFrom(agent: TestAgent, path: string): Promise<Uint8Array> {
  const response = await agent.get(path).buffer(true).parse(binaryBody);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return new Uint8Array(response.body as Buffer);
}

describe('a member named Ngāti Zoë', () => {
  it('is printed with ā and ë on the quote, and so is a paddock named in other scripts', async () => {
    const text = await quotePdfText({ ...NAME, email: 'ngati@example.com' }, PADDOCK);
    expect(text).toContain(`For ${FULL_NAME} <ngati@example.com>`);
    expect(text).toContain(PADDOCK);
    expect(text).not.toContain('Ng?ti');
    expect(text).toContain('is not insurance');
  });

  it('is printed as typed on the protection summary, the tax invoice and the receipt', async () => {
    const application = await createApplication(t.db, memberId, { status: 'accepted' });
    await t.db.protectionPaddock.updateMany({ where: { applicationId: application.id, sectionId: 's1' }, data: { name: PADDOCK } });

    const summary = await extractPdfText(await pdfFrom(member, `/api/dashboard/protections/${application.id}/summary.pdf`));
    expect(summary).toContain(FULL_NAME);
    expect(summary).toContain(PADDOCK);

    const invoices = (await member.get('/api/invoices')).body.invoices as Array<{ id: string; kind: string; totalCents: number }>;
    const fee = invoices.find((invoice) => invoice.kind === 'membership_fee')!;
    const invoiceText = await extractPdfText(await pdfFrom(member, `/api/invoices/${fee.id}/pdf`));
    expect(invoiceText).toContain(FULL_NAME);
    expect(invoiceText).toContain('$550.00');

    const paid = await admin.post(`/api/invoices/${fee.id}/payments`).send({ amountDollars: fee.totalCents / 100, receivedOn: '2026-06-01', method: 'eft', reference: 'EFT 1' });
    expect(paid.status).toBe(201);
    const receiptText = await extractPdfText(await pdfFrom(member, paid.body.invoice.payments[0].receiptUrl));
    expect(receiptText).toContain(FULL_NAME);
    expect(receiptText).toContain('1 June 2026');
  });
});

describe('one money story', () => {
  it('prints the estimate’s lines on the protection summary, and the same amounts on the two invoices, with how to pay them', async () => {
    const configured = await createTestApp({ PAYMENT_ACCOUNT_NAME: 'Grain Growers Mutual Limited', PAYMENT_BSB: '036-001', PAYMENT_ACCOUNT_NUMBER: '12345678', BPAY_BILLER_CODE: '123456' });
    try {
      const grower = await createTestUser(configured.db, { email: 'money@example.com' });
      const agent = await signedInAgent(configured.app, 'money@example.com');
      const application = await createApplication(configured.db, grower.id, { status: 'accepted' });
      const lines = moneyBreakdown(application.premium);
      const amount = (key: MoneyLine['key']) => formatMoney(lines.find((line) => line.key === key)!.amount);

      // Cells of a row are runs of their own, so spaces between them vary: one space is what a reader sees.
      const flat = (text: string) => text.replace(/\s+/g, ' ');
      const summary = flat(await extractPdfText(await pdfFrom(agent, `/api/dashboard/protections/${application.id}/summary.pdf`)));
      for (const line of lines) expect(summary).toContain(`${line.label} ${formatMoney(line.amount)}`);

      const list = invoiceListSchema.parse((await agent.get('/api/invoices')).body);
      expect(list.howToPay).toEqual({ eft: { accountName: 'Grain Growers Mutual Limited', bsb: '036-001', accountNumber: '12345678' }, bpayBillerCode: '123456', askAt: configured.env.STAFF_EMAIL });
      const texts = new Map(await Promise.all(list.invoices.map(async (invoice) => [invoice.kind, flat(await extractPdfText(await pdfFrom(agent, invoice.pdfUrl)))] as const)));
      // The tax invoice: the part GST applies to with its 10%, the loading GST-free, each on its own line.
      expect(texts.get('contribution')).toContain(`${amount('calculated')} ${amount('contributionGst')}`);
      expect(texts.get('contribution')).toContain(`Mutual loading, 10% of the contribution (GST-free) ${amount('loading')} GST-free ${amount('loading')}`);
      expect(texts.get('membership_fee')).toContain(`${amount('membershipFee')} ${amount('membershipGst')}`);
      for (const invoice of list.invoices) {
        const text = texts.get(invoice.kind)!;
        expect(text).toContain(`EFT: Grain Growers Mutual Limited, BSB 036-001, account 12345678, reference ${invoice.number}`);
        expect(text).toContain(`BPAY: biller code 123456, reference ${bpayReference(invoice.number)}`);
      }
      expect(list.invoices.reduce((sum, invoice) => sum + invoice.totalCents, 0)).toBe(Math.round(lines.at(-1)!.amount * 100));
      for (const text of [summary, ...texts.values()]) expect(text).not.toMatch(/premium|insured/i);
    } finally {
      await configured.close();
    }
  });
});

describe('the document writer', () => {
  it('draws a line break as a space and a character the font lacks as ?', async () => {
    const pdf = await renderDocumentPdf({ title: 'Names', sections: [{ heading: 'North\nPaddock', paragraphs: ['Rice 田 paddock\r\nsecond line'] }] });
    const text = await extractPdfText(pdf);
    expect(text).toContain('North Paddock');
    expect(text).toContain('Rice ? paddock second line');
  });

  it('wraps long text, breaks pages, and numbers every page under the same footer', async () => {
    const paragraph = 'Hail damage is assessed paddock by paddock. '.repeat(40);
    const pdf = await renderDocumentPdf({ title: 'Long document', sections: Array.from({ length: 6 }, (_, index) => ({ heading: `Part ${index + 1}`, paragraphs: [paragraph, paragraph] })) });
    const pages = (await extractPdfText(pdf)).split('\n');
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain('Grain Growers Mutual');
      expect(page).toContain('It is not insurance.');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(pages.join(' ')).toContain('Part 6');
  });
});
