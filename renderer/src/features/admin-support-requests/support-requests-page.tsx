import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  SUPPORT_REQUEST_SOURCES,
  SUPPORT_REQUEST_STATUSES,
  type SupportRequestDetail,
  supportRequestNoteInputSchema,
  supportRequestReplyInputSchema,
  type SupportRequestRow,
  type SupportRequestStatus,
} from '@shared/contracts/support-requests';
import { supportRequestEndpoints } from '@shared/endpoints/support-requests';
import { formatBusinessAge } from '@shared/domain/support-requests/business-hours';
import { SUPPORT_REQUEST_SOURCE_LABELS, SUPPORT_REQUEST_STATUS_LABELS } from '@shared/domain/support-requests/requests';
import { formatDateTime, formatNumber } from '@shared/format';
import { AdminPageHeader, DetailHeading, FilterForm, FilterSelect, ListEmpty, ListError, ListItemButton, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import local from './support-requests-page.module.css';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { ApiFileLink } from '../../lib/api-files';
import { endpointUrl } from '../../lib/api-client';
import { useAddNote } from './api/add-note';
import { useAssignees } from './api/get-assignees';
import { useSupportRequest } from './api/get-support-request';
import { filterQuery, SUPPORT_REQUESTS_PAGE_SIZE, useSupportRequests } from './api/get-support-requests';
import { useSendReply } from './api/send-reply';
import { useUpdateSupportRequest } from './api/update-support-request';
import { useLinkSupportRequest } from './api/link-support-request';
import { RequestSender, senderLabel } from './components/request-sender';

const FAILED = 'That did not go through. Check your connection and try again.';
const searchSchema = z.object({ search: z.string().trim().max(200, 'At most 200 characters') });
const ALL_STATUSES = ['all', ...SUPPORT_REQUEST_STATUSES] as const;
const ALL_STATUS_LABELS = { all: 'Every status', ...SUPPORT_REQUEST_STATUS_LABELS };
const ASSIGNEE_FILTERS = ['me', 'unassigned'] as const;
const ASSIGNEE_FILTER_LABELS = { me: 'Assigned to me', unassigned: 'Nobody yet' };

const statusTone = (status: SupportRequestStatus) => (status === 'resolved' ? 'success' : status === 'new' ? 'danger' : 'brand');

/** 'Waited 3 h 05 min · due 6 Oct 2026, 10:00 am', or how long the first answer took. */
function ageText(row: SupportRequestRow): string {
  const waited = formatBusinessAge(row.age.businessMinutes);
  if (row.firstAnsweredAt) return `Answered in ${waited}${row.age.overdue ? ', after the one-business-day target' : ''}`;
  return row.age.overdue ? `Waiting ${waited}: overdue since ${formatDateTime(row.age.dueAt)}` : `Waiting ${waited} · due ${formatDateTime(row.age.dueAt)}`;
}

/** /admin/support-requests: every request for help in one queue; assign, note, answer and resolve. */
export default function SupportRequestsPage() {
  const { params, page, update, filter } = useUrlFilters();
  const filters = { status: params.get('status') ?? '', source: params.get('source') ?? '', assignee: params.get('assignee') ?? '', search: params.get('search') ?? '' };
  const selectedId = params.get('request');
  const list = useSupportRequests({ ...filters, page });
  const searchForm = useZodForm(searchSchema, { search: filters.search });

  const filtered = Object.values(filters).some(Boolean);

  return (
    <section>
      <AdminPageHeader title="Support Requests">
        Every request for help: callback requests, questions from the contact form, members’ answers on claims with information requested, and the dashboard’s ‘Ask for help’ form. The target is a first answer
        within one business day (Perth hours).
      </AdminPageHeader>
      {list.isSuccess && (
        <ul className={local.queueCounts} aria-label="The whole queue by status">
          {SUPPORT_REQUEST_STATUSES.map((status) => (
            <li key={status}>
              <span>{SUPPORT_REQUEST_STATUS_LABELS[status]}</span>
              <strong>{formatNumber(list.data.counts[status])}</strong>
            </li>
          ))}
          <li data-tone={list.data.overdue > 0 ? 'danger' : undefined}>
            <span>Overdue, unanswered</span>
            <strong>{formatNumber(list.data.overdue)}</strong>
          </li>
        </ul>
      )}
      <FilterForm
        form={searchForm}
        onSubmit={(values) => filter({ search: values.search })}
        actions={
          <ApiFileLink className="button" path={endpointUrl(supportRequestEndpoints.exportCsv, { query: filterQuery(filters) })} fileName="support-requests.csv">
            Export CSV
          </ApiFileLink>
        }
      >
        <FilterSelect
          id="requests-status"
          label="Status"
          value={filters.status}
          anyLabel="Open (not resolved)"
          values={ALL_STATUSES}
          labels={ALL_STATUS_LABELS}
          onChange={(value) => filter({ status: value })}
        />
        <FilterSelect
          id="requests-source"
          label="Came in by"
          value={filters.source}
          anyLabel="Any way"
          values={SUPPORT_REQUEST_SOURCES}
          labels={SUPPORT_REQUEST_SOURCE_LABELS}
          onChange={(value) => filter({ source: value })}
        />
        <FilterSelect
          id="requests-assignee"
          label="Assignee"
          value={filters.assignee}
          anyLabel="Anyone"
          values={ASSIGNEE_FILTERS}
          labels={ASSIGNEE_FILTER_LABELS}
          onChange={(value) => filter({ assignee: value })}
        />
        <TextField name="search" label="Name, e-mail or subject" type="search" />
      </FilterForm>

      <div className={ops.split}>
        <div className={local.shrinks}>
          {list.isPending && <ListLoading label="Loading support requests…" />}
          {list.isError && <ListError query={list} />}
          {list.isSuccess && list.data.requests.length === 0 && <ListEmpty>{filtered ? 'No request matches these filters.' : 'Nothing is waiting: every request has been resolved.'}</ListEmpty>}
          {list.isSuccess && list.data.requests.length > 0 && (
            <>
              <ul
                className={ops.itemList}
                aria-label={filters.status === 'all' || filters.status === 'resolved' ? 'Support requests, newest first' : 'Support requests, oldest first'}
                aria-busy={list.isFetching}
              >
                {list.data.requests.map((row) => (
                  <li key={row.id}>
                    <RequestItem row={row} selected={row.id === selectedId} onOpen={() => update({ request: row.id })} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pageSize={SUPPORT_REQUESTS_PAGE_SIZE} total={list.data.total} noun="request" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </div>
        {selectedId && <RequestDetail key={selectedId} id={selectedId} onClose={() => update({ request: undefined })} />}
      </div>
    </section>
  );
}

function RequestItem({ row, selected, onOpen }: { row: SupportRequestRow; selected: boolean; onOpen: () => void }) {
  return (
    <ListItemButton title={row.subject} status={SUPPORT_REQUEST_STATUS_LABELS[row.status]} tone={statusTone(row.status)} selected={selected} onOpen={onOpen}>
      <span>
        {senderLabel(row)} · {SUPPORT_REQUEST_SOURCE_LABELS[row.source]} · {formatDateTime(row.createdAt)}
      </span>
      <span className={styles.muted}>
        {row.status !== 'resolved' && (
          <span className={`${styles.badge} ${local.age}`} data-tone={row.age.overdue && !row.firstAnsweredAt ? 'danger' : undefined}>
            {ageText(row)}
          </span>
        )}{' '}
        {row.assignee ? `Assigned to ${row.assignee.name}` : 'Nobody assigned'}
      </span>
    </ListItemButton>
  );
}

function RequestDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useSupportRequest(id);
  const linkRequest = useLinkSupportRequest(id);
  const [notice, setNotice] = useState<string>();
  const linkToAccount = async () => {
    setNotice(undefined);
    const { request: linked } = await linkRequest.mutateAsync();
    setNotice(`Linked to ${linked.member?.name ?? 'the account with this address'}’s account: they see the request and your answers in their dashboard.`);
  };
  if (detail.isPending) return <ListLoading label="Loading the request…" />;
  if (detail.isError) return <ListError query={detail} fallback="The request could not be loaded. Check your connection and try again." />;
  const { request } = detail.data;
  return (
    <article className={`${ops.detail} ${local.shrinks}`} aria-labelledby="request-title">
      <DetailHeading id="request-title" title={request.subject} onClose={onClose} notice={notice} />
      <dl className={ops.facts}>
        <div>
          <dt>Status</dt>
          <dd>{SUPPORT_REQUEST_STATUS_LABELS[request.status]}</dd>
        </div>
        <div>
          <dt>Came in by</dt>
          <dd>{SUPPORT_REQUEST_SOURCE_LABELS[request.source]}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{formatDateTime(request.createdAt)}</dd>
        </div>
        <div>
          <dt>First answer</dt>
          <dd>{ageText(request)}</dd>
        </div>
        <RequestSender request={request} wideClassName={local.wide} onLink={linkToAccount} />
        {request.claim && (
          <div>
            <dt>Claim</dt>
            <dd>
              <Link to={`/admin/claims?claim=${encodeURIComponent(request.claim.id)}`}>{request.claim.reference}</Link>
            </dd>
          </div>
        )}
      </dl>
      <p className={`${ops.message} ${local.words}`}>{request.body}</p>

      <h3>Conversation</h3>
      {request.messages.length === 0 ? (
        <p className={styles.muted}>No answers yet.</p>
      ) : (
        <ol className={ops.messages}>
          {request.messages.map((entry) => (
            <li key={entry.id} className={ops.message} data-staff={entry.fromStaff}>
              <span className={styles.muted}>
                {entry.fromStaff ? `${entry.authorName} (staff)` : entry.authorName} · {formatDateTime(entry.createdAt)}
              </span>
              <p className={local.words}>{entry.body}</p>
            </li>
          ))}
        </ol>
      )}

      {/* Starts again from the request whenever an answer or another page changes its status or assignee. */}
      <AssignForm key={`${request.status}:${request.assignee?.id ?? ''}`} request={request} onDone={setNotice} />
      <ReplyForm request={request} onDone={setNotice} />

      <h3>Internal notes</h3>
      {request.notes.length === 0 ? (
        <p className={styles.muted}>No notes. Notes are for staff only; the member never sees them.</p>
      ) : (
        <ol className={ops.messages}>
          {request.notes.map((note) => (
            <li key={note.id} className={ops.message}>
              <span className={styles.muted}>
                {note.authorName} · {formatDateTime(note.createdAt)}
              </span>
              <p className={local.words}>{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <NoteForm request={request} onDone={setNotice} />
    </article>
  );
}

const assignSchema = z.object({ assigneeId: z.string(), status: z.enum(SUPPORT_REQUEST_STATUSES) });

function AssignForm({ request, onDone }: { request: SupportRequestDetail; onDone: (notice: string | undefined) => void }) {
  const assignees = useAssignees();
  const updateRequest = useUpdateSupportRequest(request.id);
  const form = useZodForm(assignSchema, { assigneeId: request.assignee?.id ?? '', status: request.status });
  const submit = async (values: z.output<typeof assignSchema>) => {
    onDone(undefined);
    const assigneeId = values.assigneeId || null;
    const { request: changed } = await updateRequest.mutateAsync({
      ...(assigneeId !== (request.assignee?.id ?? null) ? { assigneeId } : {}),
      ...(values.status !== request.status ? { status: values.status } : {}),
    });
    form.reset({ assigneeId: changed.assignee?.id ?? '', status: changed.status });
    onDone(`Saved: ${SUPPORT_REQUEST_STATUS_LABELS[changed.status]}${changed.assignee ? `, assigned to ${changed.assignee.name}` : ''}.`);
  };
  const options = [{ value: '', label: 'Nobody' }, ...(assignees.data?.assignees ?? (request.assignee ? [request.assignee] : [])).map((person) => ({ value: person.id, label: person.name }))];
  return (
    <Form form={form} className={ops.form} onSubmit={submit} failureMessage={FAILED} aria-labelledby="request-assign-title">
      <h3 id="request-assign-title">Assignee and status</h3>
      <FormError />
      <div className={ops.formRow}>
        <SelectField name="assigneeId" label="Assigned to" options={options} />
        <SelectField name="status" label="Status" options={SUPPORT_REQUEST_STATUSES.map((value) => ({ value, label: SUPPORT_REQUEST_STATUS_LABELS[value] }))} />
        <button type="submit" className="button" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
          Save
        </button>
      </div>
    </Form>
  );
}

function ReplyForm({ request, onDone }: { request: SupportRequestDetail; onDone: (notice: string | undefined) => void }) {
  const sendReply = useSendReply(request.id);
  const form = useZodForm(supportRequestReplyInputSchema, { body: '', resolve: false });
  const submit = async (values: z.output<typeof supportRequestReplyInputSchema>) => {
    onDone(undefined);
    await sendReply.mutateAsync(values);
    form.reset({ body: '', resolve: false });
    // The e-mail is queued with the answer, and sent as soon as the mail relay takes it.
    onDone(`Your answer is e-mailed to ${request.member ? request.name : request.email}${request.member ? ' and shown in their dashboard' : ''}.`);
  };
  return (
    <Form form={form} className={ops.form} onSubmit={submit} failureMessage={FAILED} aria-labelledby="request-reply-title">
      <h3 id="request-reply-title">{request.member ? `Answer ${request.name}` : `Answer the visitor at ${request.email}`}</h3>
      <FormError />
      <TextareaField name="body" label="Answer (e-mailed to them)" rows={4} maxLength={4000} />
      <CheckboxField name="resolve" label="This resolves the request" />
      <div>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          Send answer
        </button>
      </div>
    </Form>
  );
}

function NoteForm({ request, onDone }: { request: SupportRequestDetail; onDone: (notice: string | undefined) => void }) {
  const addNote = useAddNote(request.id);
  const form = useZodForm(supportRequestNoteInputSchema, { body: '' });
  const submit = async (values: { body: string }) => {
    onDone(undefined);
    await addNote.mutateAsync(values);
    form.reset({ body: '' });
    onDone('Note added.');
  };
  return (
    <Form form={form} className={ops.form} onSubmit={submit} failureMessage={FAILED} aria-labelledby="request-note-title">
      <h3 id="request-note-title" className="visually-hidden">
        Add an internal note
      </h3>
      <FormError />
      <TextareaField name="body" label="Internal note (staff only)" rows={3} maxLength={4000} />
      <div>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Add note
        </button>
      </div>
    </Form>
  );
}
