import { useState } from 'react';
import { Link } from 'react-router';
import { ALERT_KIND_LABELS } from '@shared/contracts/alerts';
import { type AdminClaim, type AdminClaimsEvent, adminClaimsQuerySchema, type ClaimCorroboration } from '@shared/contracts/claims';
import { CLAIM_PERILS, CLAIM_STATUSES, claimMessageInputSchema, type ClaimStatus, claimStatusInputSchema, type ClaimView } from '@shared/contracts/claims';
import { canMoveClaim, CLAIM_PERIL_LABELS, hurdleOutcome, CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from '@shared/domain/claims/claims';
import { AdminPageHeader, DetailHeading, FilterForm, FilterSelect, ListEmpty, ListError, ListItemButton, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { SelectField, TextareaField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { ApiFileLink, ApiImage } from '../../lib/api-files';
import { BarList } from '../../components/charts/chart-frame';
import { useClaim } from './api/get-claim';
import { CLAIMS_PAGE_SIZE, useClaims } from './api/get-claims';
import { useSendClaimMessage } from '../../api/send-claim-message';
import { claimChanged, useUpdateClaimStatus } from './api/update-claim-status';
import { formatCents, formatCoordinates, formatDate, formatDateTime, plural } from '@shared/format';
import { mayDecideFor, OWN_ACCOUNT_DECISION_MESSAGE } from '@shared/domain/accounts/record-access';
import { useSessionStore } from '../../stores/session-store';

const memberFilterSchema = adminClaimsQuerySchema.pick({ member: true });
const FAILED = 'That did not go through. Check your connection and try again.';

/** /admin/claims: every member's claims, filtered by status, peril and member; a claim's photos, conversation and status. */
export default function AdminClaimsPage() {
  const { params, page, update, filter } = useUrlFilters();
  const status = params.get('status') ?? '';
  const peril = params.get('peril') ?? '';
  const member = params.get('member') ?? '';
  const event = params.get('event') ?? '';
  const selectedId = params.get('claim');
  const claims = useClaims({ status, peril, member, event, page });
  const memberFilter = useZodForm(memberFilterSchema, { member });

  return (
    <section>
      <AdminPageHeader title="Claims">Every member’s claims. Open one to see its photos and conversation, move its status and write to the member (they are e-mailed).</AdminPageHeader>
      <FilterForm form={memberFilter} onSubmit={(values) => filter({ member: values.member })}>
        <FilterSelect id="claims-status" label="Status" value={status} anyLabel="Any status" values={CLAIM_STATUSES} labels={CLAIM_STATUS_LABELS} onChange={(value) => filter({ status: value })} />
        <FilterSelect id="claims-peril" label="Peril" value={peril} anyLabel="Hail or fire" values={CLAIM_PERILS} labels={CLAIM_PERIL_LABELS} onChange={(value) => filter({ peril: value })} />
        <TextField name="member" label="Member" type="search" placeholder="Name, e-mail or business" />
      </FilterForm>
      {event && claims.data?.event && (
        <div className={ops.narrowedTo} data-testid="claims-event">
          <EventNarrowing event={claims.data.event} />
          <button type="button" className="button" onClick={() => filter({ event: undefined })}>
            Show every claim
          </button>
          <EventTally tally={claims.data.event.tally} />
        </div>
      )}

      <div className={ops.split}>
        <div>
          {claims.isPending && <ListLoading label="Loading claims…" />}
          {claims.isError && <ListError query={claims} />}
          {claims.isSuccess && claims.data.claims.length === 0 && (
            <ListEmpty>{status || peril || member || event ? 'No claims match these filters.' : 'No claims have been lodged yet. Members lodge them from their dashboard.'}</ListEmpty>
          )}
          {claims.isSuccess && claims.data.claims.length > 0 && (
            <>
              <ul className={ops.itemList} aria-label="Claims, most recently changed first" aria-busy={claims.isFetching}>
                {claims.data.claims.map((claim) => (
                  <li key={claim.id}>
                    <ClaimItem claim={claim} selected={claim.id === selectedId} onOpen={() => update({ claim: claim.id })} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pageSize={CLAIMS_PAGE_SIZE} total={claims.data.total} noun="claim" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </div>
        {selectedId && <ClaimDetail key={selectedId} id={selectedId} corroboration={claims.data?.claims.find((claim) => claim.id === selectedId)?.corroboration} onClose={() => update({ claim: undefined })} />}
      </div>
    </section>
  );
}

function ClaimItem({ claim, selected, onOpen }: { claim: AdminClaim; selected: boolean; onOpen: () => void }) {
  return (
    <ListItemButton title={claim.reference} status={CLAIM_STATUS_LABELS[claim.status]} tone={CLAIM_STATUS_TONES[claim.status]} selected={selected} onOpen={onOpen}>
      <span>
        {claim.memberName} · {CLAIM_PERIL_LABELS[claim.peril]} on {formatDate(claim.eventDate)}
      </span>
      <span className={styles.muted}>
        Estimated loss {formatCents(claim.estimatedLossCents)} · {plural(claim.photos.length, 'photo')} · {plural(claim.messages.length, 'message')}
      </span>
      <CorroborationNote corroboration={claim.corroboration} />
    </ListItemButton>
  );
}

/** What the list holds when it is narrowed to one event, and to its warning's other issues when an update re-issued it. */
function EventNarrowing({ event }: { event: AdminClaimsEvent }) {
  const named = <Link to={`/admin/alerts?event=${encodeURIComponent(event.id)}`}>{event.title}</Link>;
  const kind = ALERT_KIND_LABELS[event.kind].toLowerCase();
  if (event.issues === 1) {
    return (
      <p>
        Claims under the {kind} event {named}: those started from it, and those on protections it lay over, of a peril it brings, dated in its days or the day after.
      </p>
    );
  }
  return (
    <p>
      Claims under the {kind} event {named} and the {event.issues === 2 ? 'other issue' : `other ${event.issues - 1} issues`} of its warning: those started from any of them, and those on protections one lay
      over, of a peril it brings, dated in its days or the day after.
    </p>
  );
}

/** Every claim under the event, whatever the list's other filters: how many, their estimated loss, and how far each status has them, as bars. */
function EventTally({ tally }: { tally: AdminClaimsEvent['tally'] }) {
  if (tally.claims === 0) return null;
  const rows = tally.byStatus.map((row) => ({ ...row, name: CLAIM_STATUS_LABELS[row.status] }));
  return (
    <div className={ops.narrowedTally}>
      <p>
        <strong>
          {plural(tally.claims, 'claim')} under it, {formatCents(tally.estimatedLossCents)} estimated loss
        </strong>
      </p>
      <BarList items={rows} label="Claims under it by status" amount={(row) => row.claims} figure={(row) => `${row.claims} · ${formatCents(row.estimatedLossCents)}`} />
    </div>
  );
}

/** Whether a stored storm or fire event bears out the claim's day, place and peril (docs/alerts.md 'Corroboration'). */
function CorroborationNote({ corroboration }: { corroboration: ClaimCorroboration }) {
  const corroborated = corroboration.status === 'corroborated';
  return (
    <span className={corroborated ? ops.corroborated : styles.muted} data-testid="claim-corroboration">
      <strong>{corroborated ? 'Corroborated by a stored event' : 'Not corroborated'}</strong>: {corroboration.summary}
    </span>
  );
}

function ClaimDetail({ id, corroboration, onClose }: { id: string; corroboration: ClaimCorroboration | undefined; onClose: () => void }) {
  const detail = useClaim(id);
  const [notice, setNotice] = useState<string>();
  const viewer = useSessionStore((state) => state.user);
  if (detail.isPending) return <ListLoading label="Loading the claim…" />;
  if (detail.isError) return <ListError query={detail} fallback="The claim could not be loaded. Check your connection and try again." />;
  const { claim } = detail.data;
  const moves = CLAIM_STATUSES.filter((to) => canMoveClaim(claim.status, to));
  return (
    <article className={ops.detail} aria-labelledby="claim-title">
      <DetailHeading id="claim-title" title={`Claim ${claim.reference}`} onClose={onClose} notice={notice} />
      <dl className={ops.facts}>
        <div>
          <dt>Status</dt>
          <dd>{CLAIM_STATUS_LABELS[claim.status]}</dd>
        </div>
        <div>
          <dt>Peril</dt>
          <dd>{CLAIM_PERIL_LABELS[claim.peril]}</dd>
        </div>
        <div>
          <dt>Event date</dt>
          <dd>{formatDate(claim.eventDate)}</dd>
        </div>
        <div>
          <dt>Estimated loss</dt>
          <dd>{formatCents(claim.estimatedLossCents)}</dd>
        </div>
        <div>
          <dt>Hurdle</dt>
          <dd>{formatCents(claim.hurdle.hurdleCents)}</dd>
        </div>
        <div>
          <dt>Paddocks</dt>
          <dd>{claim.affectedPaddocks.map((paddock) => paddock.name).join(', ') || '—'}</dd>
        </div>
        {claim.alertEvent && (
          <div>
            <dt>Started from the alert</dt>
            <dd>{claim.alertEvent.title}</dd>
          </div>
        )}
      </dl>
      {corroboration && (
        <p>
          <CorroborationNote corroboration={corroboration} />
        </p>
      )}
      <p>{claim.description}</p>
      <p className={styles.muted}>{hurdleOutcome(claim.affectedPaddocks, claim.estimatedLossCents, 'staff').explanation}</p>

      <h3>Photos</h3>
      {claim.photos.length === 0 ? (
        <p className={styles.muted}>No photos yet.</p>
      ) : (
        <ul className={ops.photos}>
          {claim.photos.map((photo) => (
            <li key={photo.id}>
              <ApiFileLink path={photo.url} fileName={photo.fileName} opensInTab>
                <ApiImage path={photo.url} alt={`Damage photo ${photo.fileName}`} loading="lazy" sizes="(min-width: 48rem) 10rem, 45vw" />
              </ApiFileLink>
              <span className={styles.muted}>
                {photo.takenAt ? `Taken ${formatDateTime(photo.takenAt)}` : 'No camera time'}
                {photo.latitude !== null && photo.longitude !== null ? ` · ${formatCoordinates(photo.latitude, photo.longitude)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3>Conversation</h3>
      {claim.messages.length === 0 ? (
        <p className={styles.muted}>No messages yet.</p>
      ) : (
        <ol className={ops.messages}>
          {claim.messages.map((entry) => (
            <li key={entry.id} className={ops.message} data-staff={entry.fromStaff}>
              <span className={styles.muted}>
                {entry.author === 'staff' ? 'Claims team' : entry.author === 'broker' ? 'Broker' : 'Member'} · {formatDateTime(entry.createdAt)}
                {entry.status ? ` · status ${CLAIM_STATUS_LABELS[entry.status]}` : ''}
              </span>
              <p>{entry.body}</p>
            </li>
          ))}
        </ol>
      )}

      {mayDecideFor(viewer, claim.userId) ? (
        <>
          {moves.length > 0 && <ClaimStatusForm claim={claim} moves={moves} onDone={setNotice} />}
          <ClaimMessageForm claim={claim} onDone={setNotice} />
        </>
      ) : (
        // The claim is the administrator's own: what they write here would be the member's own words, not the claims team's.
        <p className={styles.muted}>
          {moves.length > 0 ? `${OWN_ACCOUNT_DECISION_MESSAGE} ` : 'This is your own claim. '}Write about your claim as its member, from <Link to="/dashboard/claims">your own Claims</Link>.
        </p>
      )}
    </article>
  );
}

/** Moves the claim to one of the statuses its current one allows, with an optional note; the member is e-mailed. */
function ClaimStatusForm({ claim, moves, onDone }: { claim: ClaimView; moves: ClaimStatus[]; onDone: (notice: string | undefined) => void }) {
  const updateStatus = useUpdateClaimStatus(claim.id);
  const form = useZodForm(claimStatusInputSchema, { status: '' as ClaimStatus, message: '' });
  const nextStatus = form.watch('status');
  const submit = async (values: { status: ClaimStatus; message?: string | undefined }) => {
    onDone(undefined);
    await updateStatus.mutateAsync({ status: values.status, ...(values.message ? { message: values.message } : {}) });
    form.reset({ status: '' as ClaimStatus, message: '' });
    onDone('The status is changed and the member has been e-mailed.');
  };
  return (
    <Form form={form} className={ops.form} onSubmit={submit} failureMessage={FAILED} aria-labelledby="claim-status-title">
      <h3 id="claim-status-title">Change status</h3>
      <FormError />
      <SelectField name="status" label="New status" options={[{ value: '', label: 'Choose…' }, ...moves.map((value) => ({ value, label: CLAIM_STATUS_LABELS[value] }))]} />
      <TextareaField name="message" label="Note to the member (optional)" rows={4} maxLength={4000} />
      <div>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting || !nextStatus}>
          Change status
        </button>
      </div>
    </Form>
  );
}

/** A message from the claims team to the member, who is e-mailed. */
function ClaimMessageForm({ claim, onDone }: { claim: ClaimView; onDone: (notice: string | undefined) => void }) {
  const sendMessage = useSendClaimMessage(claimChanged);
  const form = useZodForm(claimMessageInputSchema, { body: '' });
  const submit = async (values: { body: string }) => {
    onDone(undefined);
    await sendMessage.mutateAsync({ claimId: claim.id, message: values });
    form.reset({ body: '' });
    onDone('Your message is sent and the member has been e-mailed.');
  };
  return (
    <Form form={form} className={ops.form} onSubmit={submit} failureMessage={FAILED} aria-labelledby="claim-message-title">
      <h3 id="claim-message-title">Write to the member</h3>
      <FormError />
      <TextareaField name="body" label="Message" rows={4} maxLength={4000} />
      <div>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Send message
        </button>
      </div>
    </Form>
  );
}
