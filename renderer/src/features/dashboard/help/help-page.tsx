/** /dashboard/help: ask the mutual's team for help, and read their answers to every request the person has made. */
import { useState } from 'react';
import { askForHelpSchema, HELP_TOPIC_LABELS, HELP_TOPICS, type MemberSupportRequest, supportRequestFollowUpSchema, type SupportRequestStatus } from '@shared/contracts/support-requests';
import { isOpenRequest, SUPPORT_REQUEST_SOURCE_LABELS, SUPPORT_REQUEST_STATUS_FOR_MEMBER } from '@shared/domain/support-requests/requests';
import { formatDateTime } from '@shared/format';
import { SelectField, TextareaField, TextField } from '../../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../../components/ui/form/form';
import { type BadgeTone, EmptyState, ErrorState, LoadingState, PageHeader, StatusBadge } from '../ui';
import styles from '../dashboard.module.css';
import { MessageForm } from '../message-form';
import { useAskForHelp } from './api/ask-for-help';
import { useMyRequests } from './api/get-my-requests';
import { useSendFollowUp } from './api/send-follow-up';

const STATUS_TONE: Record<SupportRequestStatus, BadgeTone> = { new: 'info', assigned: 'info', in_progress: 'info', waiting_on_member: 'success', resolved: 'neutral' };

export default function HelpPage() {
  const requests = useMyRequests();
  const [sent, setSent] = useState<string>();
  return (
    <div className={styles.page}>
      <PageHeader title="Help" intro="Ask our member support team anything about your protection, claims, payments or account. We answer within one business day (Perth time), by e-mail and here." />
      <section className={styles.card} aria-labelledby="ask-title">
        <h2 id="ask-title">Ask for help</h2>
        {sent && (
          <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
            {sent}
          </p>
        )}
        <AskForHelpForm onSent={setSent} />
      </section>
      <h2>Your requests</h2>
      {requests.isPending && <LoadingState label="Loading your requests" rows={2} />}
      {requests.isError && <ErrorState title="Your requests could not be loaded" query={requests} />}
      {requests.isSuccess && requests.data.requests.length === 0 && (
        <EmptyState icon="report" title="No requests yet">
          <p>When you ask for help, or ask us to call you back, the request and our answers appear here.</p>
        </EmptyState>
      )}
      {requests.isSuccess && requests.data.requests.length > 0 && (
        <ul className={styles.list} aria-label="Your requests for help, newest first">
          {requests.data.requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AskForHelpForm({ onSent }: { onSent: (notice: string | undefined) => void }) {
  const ask = useAskForHelp();
  const form = useZodForm(askForHelpSchema, { topic: 'protection', subject: '', message: '' });
  return (
    <Form
      form={form}
      className={styles.messageForm}
      onSubmit={async (values) => {
        onSent(undefined);
        await ask.mutateAsync(values);
        form.reset({ topic: values.topic, subject: '', message: '' });
        onSent('Thanks: your request is with our team. We will answer by e-mail and below within one business day.');
      }}
    >
      <FormError />
      <SelectField name="topic" label="What is it about?" options={HELP_TOPICS.map((value) => ({ value, label: HELP_TOPIC_LABELS[value] }))} />
      <TextField name="subject" label="Subject" maxLength={120} />
      <TextareaField name="message" label="How can we help?" rows={5} maxLength={4000} />
      <div>
        <SubmitButton label="Send request" busy="Sending…" />
      </div>
    </Form>
  );
}

function RequestCard({ request }: { request: MemberSupportRequest }) {
  return (
    <article className={styles.card} aria-labelledby={`request-${request.id}`} data-testid="help-request">
      <div className={styles.cardHeader}>
        <h3 id={`request-${request.id}`}>{request.subject}</h3>
        <StatusBadge tone={STATUS_TONE[request.status]}>{SUPPORT_REQUEST_STATUS_FOR_MEMBER[request.status]}</StatusBadge>
      </div>
      <p className={styles.muted}>
        {SUPPORT_REQUEST_SOURCE_LABELS[request.source]} · {formatDateTime(request.createdAt)}
      </p>
      <ol className={styles.timeline}>
        <li className={styles.message}>
          <div className={styles.messageMeta}>You · {formatDateTime(request.createdAt)}</div>
          <div style={{ whiteSpace: 'pre-wrap' }}>{request.body}</div>
        </li>
        {request.messages.map((message) => (
          <li key={message.id} className={`${styles.message} ${message.fromStaff ? styles.messageStaff : ''}`}>
            <div className={styles.messageMeta}>
              {message.fromStaff ? message.authorName : 'You'} · {formatDateTime(message.createdAt)}
            </div>
            <div style={{ whiteSpace: 'pre-wrap' }}>{message.body}</div>
          </li>
        ))}
      </ol>
      {isOpenRequest(request.status) ? (
        <FollowUpForm requestId={request.id} />
      ) : (
        <p className={styles.muted}>Resolved {request.resolvedAt ? formatDateTime(request.resolvedAt) : ''}. Need more? Ask again above.</p>
      )}
    </article>
  );
}

function FollowUpForm({ requestId }: { requestId: string }) {
  const send = useSendFollowUp(requestId);
  return <MessageForm schema={supportRequestFollowUpSchema} label="Write to the support team" onSend={(message) => send.mutateAsync(message)} />;
}
