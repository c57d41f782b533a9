import { notificationCountResponseSchema, type NotificationCountResponse, type RecentSubmission } from '../../../shared/contracts/public-site';
import { createPollingNotifier, newItemsSince, type Notifier, type PollingNotifierOptions, type SeenMark } from './polling-notifier';

export const NOTIFICATIONS_PATH = '/api/admin/notifications/count';
const FORM_SUBMISSIONS_PAGE = '/admin/form-submissions';

/** The submissions new since the last poll (newItemsSince: nothing on the first poll, then what is later than the mark). */
export function newSubmissions(previous: SeenMark | undefined, response: NotificationCountResponse): { fresh: RecentSubmission[]; mark: SeenMark } {
  return newItemsSince(previous, response.recentSubmissions, (submission) => submission.createdAt);
}

export function notificationText(submission: RecentSubmission): { title: string; body: string } {
  return {
    title: submission.type === 'register' ? 'New interest registration' : 'New contact message',
    body: `${submission.name} · ${submission.email}`,
  };
}

type Options = Pick<PollingNotifierOptions<unknown, unknown, unknown>, 'Notification' | 'fetch' | 'getServerUrl' | 'intervalMs'> & {
  /** Focus the console and open /admin/form-submissions. */
  onClick: () => void;
};

/** One system notification per new form submission; a click opens /admin/form-submissions. */
export function createSubmissionNotifier({ onClick, ...options }: Options): Notifier {
  return createPollingNotifier({
    ...options,
    path: NOTIFICATIONS_PATH,
    schema: notificationCountResponseSchema,
    decide: newSubmissions,
    notification: (submission) => ({ ...notificationText(submission), opens: FORM_SUBMISSIONS_PAGE }),
    onClick: () => onClick(),
  });
}
