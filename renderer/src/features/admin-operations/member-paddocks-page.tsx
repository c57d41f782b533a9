import { useState } from 'react';
import type { z } from 'zod';
import { protectionStatusInputSchema } from '@shared/contracts/dashboard';
import { APPLICATION_AWAITING, type ApplicationAwaiting, PROTECTION_STATUSES, type ProtectionStatus } from '@shared/contracts/protection-status';
import type { adminApplicationsResponseSchema } from '@shared/contracts/protection';
import { coverStarted, PROTECTION_STAGE_LABELS, PROTECTION_STAGE_TONES } from '@shared/domain/protection/lifecycle';
import { canMoveProtection, isInvoiceable, PROTECTION_STATUS_LABELS } from '@shared/domain/protection/protection';
import { mayDecideFor, OWN_ACCOUNT_DECISION_MESSAGE } from '@shared/domain/accounts/record-access';
import { cropName } from '@shared/domain/pricing/crop-name';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { AdminPageHeader, FilterSelect, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import { InvoicePayments } from '../../components/admin/invoice-payments/invoice-payments';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { SelectField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { APPLICATIONS_PAGE_SIZE, useApplications } from './api/get-applications';
import { useProtections } from '../../api/get-protections';
import { useSessionStore } from '../../stores/session-store';
import { useMoveApplication } from './api/move-application';
import { ApplicationCertificates } from './application-certificates';
import { formatCents, formatDate, formatHectares, formatMoney } from '@shared/format';

const COVER: Record<string, string> = { hail: 'Hail', fire: 'Fire & Lightning', both: 'Hail, Fire & Lightning' };
const AWAITING_LABELS: Record<ApplicationAwaiting, string> = { reversal_approval: 'A reversal to approve' };
type Application = z.infer<typeof adminApplicationsResponseSchema>['applications'][number];

/**
 * /admin/member-paddocks (docs/behaviour.md §2): the paddocks, crops and values on each member's application,
 * each application's paddocks shown from the start. The same applications are reviewed and moved
 * on /admin/applications.
 */
export default function MemberPaddocksPage() {
  return (
    <ApplicationsList
      title="Member paddocks"
      intro="The paddocks, crops and values on each application members have submitted. Applications are reviewed and moved along under Applications; the status can be changed here too."
      paddocksOpen
    />
  );
}

/** The submitted applications, newest first, filtered by status; staff move each along (acceptance issues the invoices). */
export function ApplicationsList({ title, intro, paddocksOpen = false }: { title: string; intro: string; /** Each application's paddocks shown from the start. */ paddocksOpen?: boolean }) {
  const { params, page, update, filter } = useUrlFilters();
  const status = params.get('status') ?? '';
  const awaiting = params.get('awaiting') ?? '';
  const applications = useApplications({ status, awaiting }, page);
  // A reversal decided on a list of those waiting leaves the list with its card: what happened is said here.
  const [decided, setDecided] = useState<string>();
  const filterBy = (changes: { status?: string; awaiting?: string }) => {
    setDecided(undefined);
    filter(changes);
  };
  // The applications whose paddocks are shown: those opened, or, when they start open, all but those closed.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setToggled((current) => new Set(current.has(id) ? [...current].filter((item) => item !== id) : [...current, id]));

  return (
    <section>
      <AdminPageHeader title={title}>{intro}</AdminPageHeader>
      <div className={styles.filters}>
        <FilterSelect
          id="applications-status"
          label="Status"
          value={status}
          anyLabel="Any status"
          values={PROTECTION_STATUSES}
          labels={PROTECTION_STATUS_LABELS}
          onChange={(value) => filterBy({ status: value })}
        />
        <FilterSelect
          id="applications-awaiting"
          label="Waiting for"
          value={awaiting}
          anyLabel="Anything or nothing"
          values={APPLICATION_AWAITING}
          labels={AWAITING_LABELS}
          onChange={(value) => filterBy({ awaiting: value })}
        />
      </div>
      {decided && (
        <p className={styles.notice} role="status">
          {decided}
        </p>
      )}
      {applications.isPending && <ListLoading label="Loading applications…" />}
      {applications.isError && <ListError query={applications} />}
      {applications.isSuccess && applications.data.applications.length === 0 && (
        <ListEmpty>
          {awaiting
            ? 'No payment reversal waits for a second person.'
            : status
              ? `No applications are ${PROTECTION_STATUS_LABELS[status as ProtectionStatus]?.toLowerCase() ?? status}.`
              : 'No applications yet. They appear here when members submit a quote.'}
        </ListEmpty>
      )}
      {applications.isSuccess && applications.data.applications.length > 0 && (
        <>
          <ul className={ops.itemList} aria-label="Applications, newest first" aria-busy={applications.isFetching}>
            {applications.data.applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard
                  application={application}
                  isOpen={paddocksOpen !== toggled.has(application.id)}
                  onToggle={() => toggle(application.id)}
                  reversalsWaiting={awaiting === 'reversal_approval'}
                  onReversalDecided={setDecided}
                />
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={APPLICATIONS_PAGE_SIZE} total={applications.data.total} noun="application" onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </section>
  );
}

function ApplicationCard({
  application,
  isOpen,
  onToggle,
  reversalsWaiting,
  onReversalDecided,
}: {
  application: Application;
  isOpen: boolean;
  onToggle: () => void;
  /** The list is of reversals to approve: the payments shown from the start, and each decision told to the list. */
  reversalsWaiting: boolean;
  onReversalDecided: (message: string) => void;
}) {
  const move = useMoveApplication(application.id, application.userId);
  const [showInvoices, setShowInvoices] = useState(reversalsWaiting);
  const [showCertificates, setShowCertificates] = useState(false);
  // The list refreshes after a move; until it does, the status the server answered is shown.
  const status = move.data?.protection.status ?? application.status;
  // The badge is the member's word for where it stands (invoiced, protected…), the same on their dashboard.
  const stage = move.data?.protection.stage ?? application.stage;
  const moves = PROTECTION_STATUSES.filter((to) => canMoveProtection(status, to));
  const viewer = useSessionStore((state) => state.user);
  const ownAccount = !mayDecideFor(viewer, application.userId);
  const form = useZodForm(protectionStatusInputSchema, { status: '' as ProtectionStatus });
  const next = form.watch('status');
  const submit = async (values: z.output<typeof protectionStatusInputSchema>) => {
    await move.mutateAsync(values);
    form.reset({ status: '' as ProtectionStatus });
  };

  return (
    <article className={ops.detail} aria-label={`Application of ${application.memberName}`}>
      <div className={ops.itemTop}>
        <strong>
          {application.memberName} · {application.reference}
        </strong>
        <span className={styles.badge} data-tone={PROTECTION_STAGE_TONES[stage]} data-testid="application-stage">
          {PROTECTION_STAGE_LABELS[stage]}
        </span>
      </div>
      <dl className={ops.facts}>
        <div>
          <dt>Cover</dt>
          <dd>
            {COVER[application.coverageType]}, {application.seasonYear}
          </dd>
        </div>
        <div>
          <dt>Zone</dt>
          <dd>{application.zoneCode}</dd>
        </div>
        <div>
          <dt>Area</dt>
          <dd>{formatHectares(application.coveredArea)}</dd>
        </div>
        <div>
          <dt>Value protected</dt>
          <dd>{formatMoney(application.insuredValue)}</dd>
        </div>
        <div>
          <dt>Contribution</dt>
          <dd>{formatMoney(application.displayedPremium)}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatDate(application.submittedAt)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{application.memberEmail}</p>
      <Form form={form} onSubmit={submit} failureMessage="The status could not be changed. Check your connection and try again." aria-label={`Status of the application of ${application.memberName}`}>
        <FormError />
        <div className={ops.formRow}>
          <button type="button" className="button" aria-expanded={isOpen} onClick={onToggle}>
            {isOpen ? 'Hide paddocks' : 'Show paddocks'}
          </button>
          {isInvoiceable(status) && (
            <button type="button" className="button" aria-expanded={showInvoices} onClick={() => setShowInvoices(!showInvoices)}>
              {showInvoices ? 'Hide payments' : 'Payments'}
            </button>
          )}
          {coverStarted(stage) && (
            <button type="button" className="button" aria-expanded={showCertificates} onClick={() => setShowCertificates(!showCertificates)}>
              {showCertificates ? 'Hide certificates' : 'Certificates'}
            </button>
          )}
          {moves.length > 0 && !ownAccount && (
            <>
              <SelectField name="status" label="Move to" options={[{ value: '', label: 'Choose…' }, ...moves.map((value) => ({ value, label: PROTECTION_STATUS_LABELS[value] }))]} />
              <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting || !next}>
                {form.formState.isSubmitting ? 'Saving…' : 'Change status'}
              </button>
            </>
          )}
        </div>
        {moves.length > 0 && ownAccount && <p className={styles.muted}>{OWN_ACCOUNT_DECISION_MESSAGE}</p>}
      </Form>
      {isOpen && <Paddocks memberId={application.userId} applicationId={application.id} />}
      {showInvoices && isInvoiceable(status) && (
        <section aria-label={`Invoices and payments of ${application.reference}`}>
          <InvoicePayments memberId={application.userId} applicationId={application.id} onReversalDecided={reversalsWaiting ? onReversalDecided : undefined} />
        </section>
      )}
      {showCertificates && coverStarted(stage) && (
        <section aria-label={`Certificates of ${application.reference}`}>
          <ApplicationCertificates applicationId={application.id} />
        </section>
      )}
    </article>
  );
}

function Paddocks({ memberId, applicationId }: { memberId: string; applicationId: string }) {
  const protections = useProtections({ viewerId: useSessionStore((state) => state.user?.id ?? ''), memberId });
  if (protections.isPending) return <ListLoading label="Loading paddocks…" />;
  if (protections.isError) return <ListError query={protections} fallback="The paddocks could not be loaded. Check your connection and try again." />;
  const protection = protections.data.protections.find((item) => item.id === applicationId);
  if (!protection || protection.paddocks.length === 0) return <ListEmpty>This application holds no paddocks.</ListEmpty>;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Paddocks on the application</caption>
      <thead>
        <tr>
          <th scope="col">Paddock</th>
          <th scope="col">Crop</th>
          <th scope="col">Area</th>
          <th scope="col">Yield × price</th>
          <th scope="col">Hurdle</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {protection.paddocks.map((paddock) => (
          <tr key={paddock.id}>
            <td data-label="Paddock">
              {paddock.name}
              {paddock.isExcluded && <span className={styles.muted}> (excluded)</span>}
            </td>
            <td data-label="Crop">{[paddock.crop === null ? null : cropName(paddock.crop), paddock.variety].filter(Boolean).join(', ') || '—'}</td>
            <td data-label="Area">{formatHectares(paddock.areaHa)}</td>
            <td data-label="Yield × price">{paddock.expectedYield !== null && paddock.pricePerTonne !== null ? `${paddock.expectedYield} t/ha × ${formatMoney(paddock.pricePerTonne)}/t` : '—'}</td>
            <td data-label="Hurdle">{paddock.hurdlePercentage === null ? '—' : `${paddock.hurdlePercentage}%`}</td>
            <td data-label="Value">{formatCents(paddock.valueCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
