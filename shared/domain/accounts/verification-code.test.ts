import { describe, expect, it } from 'vitest';
import { newCodeRefusedMessage } from './verification-code';

const sentAt = Date.parse('2026-12-07T09:00:00Z');
const minutesLater = (minutes: number) => sentAt + minutes * 60_000;
const relayDown = { code: 'mail_unavailable', message: 'We could not send the code just now; try again in a minute.' };

describe('a new code that was refused', () => {
  it('says the code sent before still works when the mail relay did not take the new one, within its 10 minutes', () => {
    const told = 'We could not send the code just now; try again in a minute. The code we sent you before still works.';
    expect(newCodeRefusedMessage(relayDown, sentAt, minutesLater(2))).toBe(told);
    expect(newCodeRefusedMessage(relayDown, sentAt, minutesLater(9.9))).toBe(told);
  });

  it('says only the refusal once the earlier code’s 10 minutes are over, or when none was sent', () => {
    expect(newCodeRefusedMessage(relayDown, sentAt, minutesLater(10))).toBe(relayDown.message);
    expect(newCodeRefusedMessage(relayDown, null, minutesLater(1))).toBe(relayDown.message);
  });

  it('says only the refusal for another one, which may have come after the new code was kept', () => {
    const databaseAway = { code: 'database_unavailable', message: 'We cannot reach our database just now. Anything you saved before is kept; please try again in a minute.' };
    expect(newCodeRefusedMessage(databaseAway, sentAt, minutesLater(1))).toBe(databaseAway.message);
  });
});
