import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { COVERAGE_TYPE_DESCRIPTIONS, type CoverageType, type SupportPermissionLevel } from '@shared/constants';
import { lockAccountRequestSchema, type PersonDetail } from '@shared/contracts/people';
import { canEnterSupportMode } from '@shared/domain/accounts/permissions';
import { cropName } from '@shared/domain/pricing/crop-name';
import { canUseSupportLevel } from '@shared/domain/accounts/record-access';
import { LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS } from '@shared/domain/crm/stages';
import { securityEventTitle } from '@shared/domain/people/timeline';
import { SUPPORT_REQUEST_SOURCE_LABELS, SUPPORT_REQUEST_STATUS_LABELS } from '@shared/domain/support-requests/requests';
import { formatCents, formatDate, formatDateTime, formatHectares, formatMoney, plural } from '@shared/format';
import { ActionOutcome, AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import { InvoicePayments } from '../../components/admin/invoice-payments/invoice-payments';
import styles from '../../components/admin/admin.module.css';
import { TextareaField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitOrCancel } from '../../components/ui/form/form';
import { failureMessage } from '../../lib/react-query';
import { useOpenSupportSession } from '../../stores/support-session';
import { useSession } from '../../stores/use-session';
import { useLockAccount, useSendPasswordReset, useUnlockAccount } from './api/account-actions';
import { usePerson } from './api/get-person';
import people from './people.module.css';

const words = (value: string) => value.replace(/[_-]/g, ' ');

/** /admin/user-lookup/:userId: everything the mutual holds of one person, with the actions staff need. */
export default function PersonPage() {
  const { userId = '' } = useParams();
  const person = usePerson(userId);

  const back = (
    <p>
      <Link to="/admin/user-lookup">← Back to the search</Link>
    </p>
  );
  // Until the person is known (or when the address names nobody) the page still has its heading, and the tab its title.
  if (person.isPending || person.isError) {
    return (
      <section>
        {back}
        <AdminPageHeader title="Person" />
        {person.isPending ? <ListLoading label="Loading the person…" /> : <ListError query={person} fallback="The person could not be loaded. Check your connection and try again." />}
      </section>
    );
  }
  const { account, roles } = person.data;

  return (
    <section>
      {back}
      <AdminPageHeader title={account.name}>
        {account.email}
        {account.lockedAt ? ` · Locked since ${formatDateTime(account.lockedAt)}` : ''} · Joined {formatDate(account.createdAt)}
      </AdminPageHeader>
      <Actions person={person.data} />

      <Section title="Account">
        <Facts
          rows={[
            ['Name', account.name],
            ['E-mail', account.emailVerifiedAt ? `${account.email} (verified ${formatDate(account.emailVerifiedAt)})` : `${account.email} (not verified)`],
            ['Changing e-mail to', account.pendingEmail],
            ['Phone', account.phone],
            ['Postal address', account.address],
            ['Business', account.businessName],
            ['ABN', account.abn],
            ['Referred by code', account.referredByCode],
            ['Marketing e-mails', account.allowMarketing ? 'Yes' : 'No'],
            ['Status', account.lockedAt ? `Locked by staff on ${formatDateTime(account.lockedAt)}` : 'Active'],
          ]}
        />
      </Section>

      <Section title="Roles">
        <Facts
          rows={[
            ['Administrator', roles.isAdmin ? 'Yes' : 'No'],
            ['Broker', roles.isBroker ? `Yes, with ${plural(roles.clientCount, 'client')}` : 'No'],
            ['Permissions', roles.permissions.length ? roles.permissions.map(words).join(', ') : 'None'],
            ['Broker of record', roles.broker ? <Link to={`/admin/user-lookup/${encodeURIComponent(roles.broker.id)}`}>{roles.broker.name}</Link> : null],
            ['Referrer partner', roles.referrer ? `${roles.referrer.organisation} (code ${roles.referrer.code}${roles.referrer.isActive ? '' : ', inactive'})` : null],
          ]}
        />
      </Section>

      <PersonRecords person={person.data} />
      <Section title="Support requests">
        <Table
          caption="Requests for help, newest first"
          head={['Asked', 'Subject', 'Source', 'Status', 'Assigned to']}
          empty="No requests for help."
          rows={person.data.supportRequests.map((request) => ({
            key: request.id,
            cells: [
              formatDateTime(request.createdAt),
              <Link key="subject" to={`/admin/support-requests?request=${encodeURIComponent(request.id)}`}>
                {request.subject}
              </Link>,
              SUPPORT_REQUEST_SOURCE_LABELS[request.source],
              `${SUPPORT_REQUEST_STATUS_LABELS[request.status]}${request.age.overdue && request.firstAnsweredAt === null ? ', overdue' : ''}`,
              request.assignee?.name ?? 'Nobody yet',
            ],
          }))}
        />
      </Section>

      <Section title="Leads">
        <Table
          caption="This person as a prospective member"
          head={['Since', 'Came through', 'Stage', 'Owner', 'Next follow-up']}
          empty="Not a lead."
          rows={person.data.leads.map((lead) => ({
            key: lead.id,
            cells: [
              formatDateTime(lead.createdAt),
              lead.sources.map((source) => LEAD_SOURCE_LABELS[source]).join(', '),
              lead.stage === 'lost' && lead.lostReason ? `${LEAD_STAGE_LABELS.lost}: ${lead.lostReason}` : LEAD_STAGE_LABELS[lead.stage],
              lead.owner?.name ?? 'Nobody yet',
              lead.nextFollowUpOn === null ? '—' : formatDate(lead.nextFollowUpOn),
            ],
          }))}
        />
      </Section>
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={people.section} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={people.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={people.factRow}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ caption, head, rows, empty }: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[]; empty: string }) {
  if (rows.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {head.map((label) => (
            <th key={label} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={head[index]} data-label={head[index]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PersonRecords({ person }: { person: PersonDetail }) {
  return (
    <>
      <Section title="Drafts and saved estimates">
        <Table
          caption="Drafts, newest first"
          head={['Draft', 'Step', 'Status', 'Farm address', 'Saved']}
          empty="No drafts."
          rows={person.drafts.map((draft) => ({
            key: draft.id,
            cells: [<code key="id">{draft.id}</code>, words(draft.step), `${words(draft.status.toLowerCase())}, version ${draft.version}`, draft.farmAddress || '—', formatDateTime(draft.updatedAt)],
          }))}
        />
        <p className={styles.muted}>
          {person.savedEstimates.length === 0 ? 'No saved estimates.' : `${plural(person.savedEstimates.length, 'saved estimate')}, the newest on ${formatDateTime(person.savedEstimates[0]!.createdAt)}.`}
        </p>
      </Section>

      <Section title="Applications">
        <Table
          caption="Applications, newest first"
          head={['Submitted', 'Cover', 'Status', 'Area', 'Total payable', 'Farm and paddocks']}
          empty="No applications."
          rows={person.applications.map((application) => ({
            key: application.id,
            cells: [
              <>
                {formatDateTime(application.submittedAt)}
                <div className={styles.muted}>{application.reference}</div>
              </>,
              `${COVERAGE_TYPE_DESCRIPTIONS[application.coverageType as CoverageType] ?? application.coverageType}, season ${application.seasonYear}`,
              words(application.status),
              formatHectares(application.coveredArea),
              formatMoney(application.totalPayable),
              <>
                {application.farmAddress || '—'}
                <div className={styles.muted}>{application.paddockNames.join(', ')}</div>
              </>,
            ],
          }))}
        />
      </Section>

      <Section title="Claims">
        <Table
          caption="Claims, newest first"
          head={['Claim', 'Peril', 'Event', 'Estimated loss', 'Status']}
          empty="No claims."
          rows={person.claims.map((claim) => ({
            key: claim.id,
            cells: [claim.reference, claim.peril === 'fire' ? 'Fire and lightning' : 'Hail', formatDate(claim.eventDate), formatCents(claim.estimatedLossCents), words(claim.status)],
          }))}
        />
      </Section>

      <Section title="Invoices and payments">
        <InvoicePayments memberId={person.account.id} />
      </Section>

      <Section title="Farm paddocks">
        <Table
          caption="The farm's paddocks"
          head={['Paddock', 'Crop', 'Area']}
          empty="No paddocks kept between seasons."
          rows={person.farmPaddocks.map((paddock) => ({ key: paddock.id, cells: [paddock.name, paddock.crop ? cropName(paddock.crop) : '—', formatHectares(paddock.areaHa)] }))}
        />
      </Section>

      <Section title="Sessions">
        <Table
          caption="Signed-in sessions"
          head={['Signed in', 'Last active', 'Ends']}
          empty="Not signed in anywhere."
          rows={person.sessions.map((session) => ({
            key: session.id,
            cells: [
              session.signedInAt ? formatDateTime(session.signedInAt) : '—',
              session.lastActiveAt ? formatDateTime(session.lastActiveAt) : '—',
              session.expiresAt ? formatDateTime(session.expiresAt) : '—',
            ],
          }))}
        />
        <h3>Recent security events</h3>
        <Table
          caption="Recent security events"
          head={['When', 'Event', 'From']}
          empty="Nothing in the security log."
          rows={person.recentSecurityEvents.map((event) => ({ key: event.id, cells: [formatDateTime(event.createdAt), securityEventTitle(event.type, event.details), event.ip ?? '—'] }))}
        />
      </Section>
    </>
  );
}

/** Support mode, a password reset, and locking or unlocking: each answered in words, and each in the audit log. */
function Actions({ person }: { person: PersonDetail }) {
  const { account } = person;
  const { user } = useSession();
  const openSupportSession = useOpenSupportSession();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'danger'; text: string }>();
  const [locking, setLocking] = useState(false);
  const passwordReset = useSendPasswordReset(account.id);
  const unlock = useUnlockAccount(account.id);
  const own = user?.id === account.id;

  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      setOutcome({ tone: 'success', text: (await work()).message });
    } catch (error) {
      setOutcome({ tone: 'danger', text: failureMessage(error, 'That did not work. Check your connection and try again.') });
    }
  };
  const support = (level: SupportPermissionLevel) =>
    run(async () => {
      await openSupportSession(account, level);
      return { message: `Support mode entered for ${account.name}.` };
    });

  return (
    <>
      <div className={people.actions} role="group" aria-label="Actions">
        <Link className="button button-primary" to={`/admin/user-tracking/${encodeURIComponent(account.id)}`}>
          Open timeline
        </Link>
        {!own && canEnterSupportMode(user) && (
          <button type="button" className="button" onClick={() => void support('read')}>
            Support mode (read)
          </button>
        )}
        {!own && user && canUseSupportLevel(user, 'write') && (
          <button type="button" className="button" onClick={() => void support('write')}>
            Support mode (write)
          </button>
        )}
        {!account.lockedAt && (
          <button type="button" className="button" disabled={passwordReset.isPending} onClick={() => void run(() => passwordReset.mutateAsync())}>
            {passwordReset.isPending ? 'Sending…' : 'Send password reset'}
          </button>
        )}
        {account.lockedAt ? (
          <button type="button" className="button" disabled={unlock.isPending} onClick={() => void run(() => unlock.mutateAsync())}>
            {unlock.isPending ? 'Unlocking…' : 'Unlock account'}
          </button>
        ) : (
          !own && (
            <button type="button" className="button" aria-expanded={locking} onClick={() => setLocking(!locking)}>
              Lock account
            </button>
          )
        )}
      </div>
      {outcome && <ActionOutcome failed={outcome.tone === 'danger'}>{outcome.text}</ActionOutcome>}
      {locking && !account.lockedAt && (
        <LockForm
          userId={account.id}
          name={account.name}
          onDone={(message) => {
            setLocking(false);
            setOutcome({ tone: 'success', text: message });
          }}
          onCancel={() => setLocking(false)}
        />
      )}
    </>
  );
}

function LockForm({ userId, name, onDone, onCancel }: { userId: string; name: string; onDone: (message: string) => void; onCancel: () => void }) {
  const form = useZodForm(lockAccountRequestSchema, { reason: '' });
  const lock = useLockAccount(userId);
  return (
    <Form form={form} className={styles.panel} aria-label={`Lock ${name}’s account`} onSubmit={async (values) => onDone((await lock.mutateAsync(values)).message)}>
      <h2>Lock {name}’s account</h2>
      <p className={styles.muted}>They will not be able to sign in, and every session they have open ends at its next request. Unlock it here at any time.</p>
      <FormError />
      <TextareaField name="reason" label="Reason (kept in the security and audit logs)" rows={3} />
      <SubmitOrCancel className={styles.panelActions} busy="Locking…" label="Lock the account" onCancel={onCancel} />
    </Form>
  );
}
