import type { SupportRequestRow } from '@shared/contracts/support-requests';
import { formatBusinessAge } from '@shared/domain/support-requests/business-hours';
import { SUPPORT_REQUEST_SOURCE_LABELS, SUPPORT_REQUEST_STATUS_LABELS } from '@shared/domain/support-requests/requests';
import { formatDateTime } from '@shared/format';
import type { CsvColumns } from '../../lib/csv-download';

/** The queue as a spreadsheet: times in Perth, with the business time each request waited and whether it was overdue. */
export const SUPPORT_REQUESTS_CSV: CsvColumns<SupportRequestRow> = {
  header: ['Received', 'Source', 'Status', 'Subject', 'Name', 'E-mail', 'Phone', 'Member', 'Assignee', 'Claim', 'Business time waited', 'Minutes waited', 'Overdue', 'First answered', 'Resolved'],
  row: (request) => [
    formatDateTime(request.createdAt),
    SUPPORT_REQUEST_SOURCE_LABELS[request.source],
    SUPPORT_REQUEST_STATUS_LABELS[request.status],
    request.subject,
    request.name,
    request.email,
    request.phone,
    request.member?.name,
    request.assignee?.name,
    request.claim?.reference,
    formatBusinessAge(request.age.businessMinutes),
    request.age.businessMinutes,
    request.age.overdue ? 'yes' : 'no',
    request.firstAnsweredAt ? formatDateTime(request.firstAnsweredAt) : '',
    request.resolvedAt ? formatDateTime(request.resolvedAt) : '',
  ],
};
