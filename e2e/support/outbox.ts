import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { e2eOutboxDirs } from '../../playwright.config';
import { verificationCodeIn } from '../../server/src/testing/mail-text';

/**
 * The messages this worker has read, by path. A message's file never changes once it is there
 * (the server writes it aside and renames it), and the outbox grows to about a thousand messages over
 * a run: reading them all again for every poll cost the suite minutes.
 */
const readMails = new Map<string, string>();

/** Every message the suite's servers have written to their outboxes, oldest first, soft line breaks undone. */
export function outboxMails(): string[] {
  return (
    e2eOutboxDirs
      .filter((dir) => existsSync(dir))
      .flatMap((dir) => readdirSync(dir).map((name) => ({ name, path: join(dir, name) })))
      .filter(({ name }) => name.endsWith('.eml'))
      // The names begin with the time the message was written (server/src/lib/mailer.ts).
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(({ path }) => {
        let mail = readMails.get(path);
        if (mail === undefined) {
          mail = readFileSync(path, 'utf8').replace(/=\r?\n/g, '');
          readMails.set(path, mail);
        }
        return mail;
      })
  );
}

/** The 6-digit code of the newest verification e-mail to this address, waiting for it to arrive. */
export async function codeFromOutbox(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of outboxMails().reverse()) {
          if (!mail.includes(`To: ${address}`)) continue;
          code = verificationCodeIn(mail);
          if (code) return code;
        }
        return undefined;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
