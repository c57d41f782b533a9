import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { html, htmlString } from './html';
import { createLogger } from './logger';
import { createMailTransport } from './mailer';

it('writes a complete message to the outbox when no SMTP server is set', async () => {
  const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
  const mailer = createMailTransport({ from: 'Mutual <no-reply@grainmutual.example>', outboxDir, logger: createLogger('silent') });
  await mailer.send({
    to: 'grower@example.com',
    subject: 'Your code is 123456',
    text: 'Code: 123456',
    html: htmlString(html`<p>Code: <b>${'123456'}</b></p>`),
    messageId: `<${randomUUID()}@grainmutual.example>`,
  });
  const files = readdirSync(outboxDir);
  expect(files).toHaveLength(1);
  const eml = readFileSync(join(outboxDir, files[0]!), 'utf8');
  expect(eml).toContain('To: grower@example.com');
  expect(eml).toContain('Subject: Your code is 123456');
  expect(eml).toContain('Content-Type: text/plain');
  expect(eml).toContain('Content-Type: text/html');
});

it('answers a message to the staff address unless it names a Reply-To of its own', async () => {
  const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
  const mailer = createMailTransport({ from: 'Mutual <no-reply@grainmutual.example>', replyTo: 'members@grainmutual.example', outboxDir, logger: createLogger('silent') });
  await mailer.send({
    to: 'grower@example.com',
    subject: 'Your invoice',
    text: 'Reply to this e-mail.',
    html: htmlString(html`<p>Reply to this e-mail.</p>`),
    messageId: `<${randomUUID()}@grainmutual.example>`,
  });
  await mailer.send({ to: 'staff@example.com', subject: 'A callback', text: 'Call Jo.', html: htmlString(html`<p>Call Jo.</p>`), messageId: `<${randomUUID()}@grainmutual.example>`, replyTo: 'jo@example.com' });
  const mails = readdirSync(outboxDir).map((file) => readFileSync(join(outboxDir, file), 'utf8'));
  const toMember = mails.find((mail) => mail.includes('To: grower@example.com'));
  const toStaff = mails.find((mail) => mail.includes('To: staff@example.com'));
  expect(toMember).toMatch(/^Reply-To: members@grainmutual\.example$/m);
  expect(toStaff).toMatch(/^Reply-To: jo@example\.com$/m);
});
