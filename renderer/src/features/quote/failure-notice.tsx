import { ApiRequestError } from '../../lib/api-client';
import wizardStyles from './quote-wizard.module.css';

/**
 * A failed call in the wizard: the docs/behaviour.md §8 text word for word, then, on a line of its own, the
 * server's sentence when it refused the request for a reason the person can act on.
 */
export function FailureNotice({ message, failure, testId }: { message: string; failure: unknown; testId?: string }) {
  const reason = failure instanceof ApiRequestError && !failure.isNetworkError && failure.message !== message ? failure.message : undefined;
  return (
    <div className={wizardStyles.noticeError} role="alert" data-testid={testId}>
      <p>{message}</p>
      {reason !== undefined && <p>{reason}</p>}
    </div>
  );
}
