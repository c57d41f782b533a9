import { OUTAGE_CODES } from '../../contracts/api-error';
import { VERIFICATION_CODE_VALID_MS } from '../../constants';

/** Said after a new code that could not go, while the one sent before still works. */
const EARLIER_CODE_STILL_WORKS = 'The code we sent you before still works.';

/**
 * What a person is told when asking for a new code was refused: the server's sentence, and that the
 * code sent at `sentAt` (ms) still works when it does: only when the mail relay did not take the new
 * one (the server then forgets it) and the earlier one has not expired. Any other refusal may have
 * come after the new code was kept, which the earlier one then gives way to.
 */
export function newCodeRefusedMessage(refusal: { code: string; message: string }, sentAt: number | null, now: number): string {
  const earlierStillWorks = refusal.code === OUTAGE_CODES.mail && sentAt !== null && now - sentAt < VERIFICATION_CODE_VALID_MS;
  return earlierStillWorks ? `${refusal.message} ${EARLIER_CODE_STILL_WORKS}` : refusal.message;
}
