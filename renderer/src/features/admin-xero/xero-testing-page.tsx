import { type ReactNode, useState } from 'react';
import { XERO_SYNC_KIND_LABELS, XERO_SYNC_STATE_LABELS, type XeroStatusResponse, type XeroSyncItem, type XeroSyncState, xeroTenantInputSchema } from '@shared/contracts/xero';
import { formatDateTime, formatNumber } from '@shared/format';
import { ActionOutcome, AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { SelectField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { failureMessage } from '../../lib/react-query';
import { useChooseXeroTenant } from './api/choose-xero-tenant';
import { useConnectXero } from './api/connect-xero';
import { useXeroStatus } from './api/get-xero-status';
import { useRetryXeroSync } from './api/retry-xero-sync';
import { useSendTestInvoice } from './api/send-test-invoice';
import local from './xero-testing-page.module.css';

/** What the server's redirect after Xero's consent (?xero=…) means to the administrator. */
const CONSENT_OUTCOMES: Record<string, { tone: 'notice' | 'error'; text: string }> = {
  connected: { tone: 'notice', text: 'Connected to Xero.' },
  refused: { tone: 'error', text: 'Xero did not connect: access was not allowed at Xero. Press "Connect to Xero" to try again.' },
  expired: { tone: 'error', text: 'That Xero sign-in did not start on this page or took too long. Press "Connect to Xero" to start again.' },
  failed: { tone: 'error', text: 'Xero did not complete the connection. The server’s log has the details; press "Connect to Xero" to try again.' },
};

const STATE_TONES: Record<XeroSyncState, string | undefined> = { pending: undefined, sent: 'success', failed: 'danger' };

/** /admin/xero-testing: whether Xero is configured and connected, a test invoice, and every item sent to Xero with 'Try again'. */
export default function XeroTestingPage() {
  const { page, params, update } = useUrlFilters();
  const status = useXeroStatus(page);
  const outcome = CONSENT_OUTCOMES[params.get('xero') ?? ''];
  return (
    <section>
      <AdminPageHeader title="Xero Testing">
        Invoices and payments reach the mutual’s books in Xero on their own: each accepted application’s invoices, with the member as a contact, and each payment staff record. This page shows the connection,
        sends a test invoice, and lists every item sent with what became of it.
      </AdminPageHeader>
      {outcome && <ActionOutcome failed={outcome.tone === 'error'}>{outcome.text}</ActionOutcome>}
      {status.isPending && <ListLoading label="Loading the Xero connection…" />}
      {status.isError && <ListError query={status} />}
      {status.isSuccess &&
        (status.data.missingVariables.length > 0 ? (
          <NotConfigured missing={status.data.missingVariables} />
        ) : (
          <>
            <ConnectionPanel connection={status.data.connection} />
            <SyncLog status={status.data} busy={status.isFetching} page={page} onPage={(next) => update({ page: String(next) })} />
          </>
        ))}
    </section>
  );
}

export function NotConfigured({ missing }: { missing: string[] }) {
  return (
    <div className={styles.panel} role="region" aria-labelledby="xero-not-configured">
      <h2 id="xero-not-configured">Xero is not configured</h2>
      <p>Nothing is sent to Xero until the server has what it needs to reach it. Set these variables on the server and restart it:</p>
      <ul className={local.variables}>
        {missing.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ul>
      {missing.includes('XERO_TOKEN_KEY') && (
        <p>
          <code>XERO_TOKEN_KEY</code> is a long random secret of its own that Xero’s tokens are encrypted with. A production server needs it (or <code>SESSION_SECRET</code>) before Xero can be connected:
          without either, the key would be generated into the data folder beside the database, and a copy of that folder would read the tokens.
        </p>
      )}
      <p className={styles.muted}>
        The client id and secret come from the app at developer.xero.com; the redirect URI is this site’s address followed by <code>/api/admin/xero/callback</code>, registered with that app. The README’s
        configuration table lists the optional ones (the token key, account codes).
      </p>
    </div>
  );
}

function ConnectionPanel({ connection }: { connection: XeroStatusResponse['connection'] }) {
  const connect = useConnectXero();
  const [connectError, setConnectError] = useState<string>();
  const startConsent = () => {
    setConnectError(undefined);
    connect.mutate(undefined, {
      onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
      onError: (error) => setConnectError(failureMessage(error)),
    });
  };
  const connectButton = (
    <button type="button" className={connection ? 'button' : 'button button-primary'} onClick={startConsent} disabled={connect.isPending || connect.isSuccess}>
      {connect.isPending || connect.isSuccess ? 'Opening Xero…' : connection ? 'Connect again' : 'Connect to Xero'}
    </button>
  );
  return (
    <div className={styles.panel} role="region" aria-labelledby="xero-connection">
      <h2 id="xero-connection">Connection</h2>
      {connectError && (
        <p role="alert" className={styles.error}>
          {connectError}
        </p>
      )}
      {!connection ? (
        <>
          <p>Not connected. Xero asks you to sign in and allow this site to add contacts, invoices and payments; then you choose the organisation to send to.</p>
          <div className={styles.panelActions}>{connectButton}</div>
        </>
      ) : (
        <>
          <dl className={local.facts}>
            <dt>Organisation</dt>
            <dd>
              {connection.tenantName ?? (
                <span className={styles.badge} data-tone="danger">
                  None chosen yet
                </span>
              )}
            </dd>
            <dt>Connected by</dt>
            <dd>
              {connection.connectedBy}, {formatDateTime(connection.connectedAt)}
            </dd>
            <dt>Access</dt>
            <dd>Renewed by the server as it is needed (the current token lasts until {formatDateTime(connection.accessTokenExpiresAt)}).</dd>
          </dl>
          {(connection.tenants.length > 1 || !connection.tenantId) && <TenantForm connection={connection} />}
          {connection.tenantId ? <TestInvoiceActions>{connectButton}</TestInvoiceActions> : <div className={styles.panelActions}>{connectButton}</div>}
        </>
      )}
    </div>
  );
}

function TenantForm({ connection }: { connection: NonNullable<XeroStatusResponse['connection']> }) {
  const choose = useChooseXeroTenant();
  const form = useZodForm(xeroTenantInputSchema, { tenantId: connection.tenantId ?? '' });
  const options = [{ value: '', label: 'Choose an organisation' }, ...connection.tenants.map((tenant) => ({ value: tenant.tenantId, label: tenant.tenantName }))];
  return (
    <Form form={form} onSubmit={(values) => choose.mutateAsync(values)} failureMessage="The organisation could not be chosen. Please try again." aria-label="Xero organisation" className={local.tenantForm}>
      <FormError />
      <SelectField name="tenantId" label="Send to this Xero organisation" options={options} hint="The organisations you allowed at Xero. Use the demo company to try things out." />
      <SubmitButton label="Use this organisation" busy="Saving…" className="button" />
    </Form>
  );
}

/** 'Send a test invoice' beside the panel's other actions, and what became of it below them. */
function TestInvoiceActions({ children }: { children: ReactNode }) {
  const send = useSendTestInvoice();
  const [notice, setNotice] = useState<{ tone: 'notice' | 'error'; text: string }>();
  const sendTest = () => {
    setNotice(undefined);
    send.mutate(undefined, {
      onSuccess: ({ item }) => setNotice({ tone: 'notice', text: `Test invoice ${item.label} queued: it appears in the log below as it is sent, within a few seconds.` }),
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error) }),
    });
  };
  return (
    <>
      <div className={styles.panelActions}>
        <button type="button" className="button button-primary" onClick={sendTest} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send a test invoice'}
        </button>
        {children}
      </div>
      {notice && (
        <ActionOutcome failed={notice.tone === 'error'} className={local.notice}>
          {notice.text}
        </ActionOutcome>
      )}
    </>
  );
}

function SyncLog({ status, busy, page, onPage }: { status: XeroStatusResponse; busy: boolean; page: number; onPage: (page: number) => void }) {
  const retry = useRetryXeroSync();
  const [notice, setNotice] = useState<string>();
  const tryAgain = (item: XeroSyncItem) => {
    setNotice(undefined);
    retry.mutate(item.id, {
      onSuccess: () => setNotice(`${item.label}: queued again.`),
      onError: (error) => setNotice(failureMessage(error)),
    });
  };
  return (
    <>
      <h2 className={local.heading}>Sync log</h2>
      <p className={local.counts}>
        {(['pending', 'sent', 'failed'] as const).map((state) => (
          <span key={state} className={styles.badge} data-tone={status.counts[state] > 0 ? STATE_TONES[state] : undefined}>
            {XERO_SYNC_STATE_LABELS[state]}: {formatNumber(status.counts[state])}
          </span>
        ))}
      </p>
      <p role="status" className={notice ? styles.notice : undefined}>
        {notice}
      </p>
      {status.items.length === 0 ? (
        <ListEmpty>Nothing has been sent to Xero yet. Accepted applications, recorded payments and test invoices appear here.</ListEmpty>
      ) : (
        <>
          <table className={styles.table} aria-busy={busy} aria-label="Sync log">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">State</th>
                <th scope="col">Tries</th>
                <th scope="col">Last error</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Try again</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {status.items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Item">
                    <span className={styles.muted}>{XERO_SYNC_KIND_LABELS[item.kind]}</span> {item.label}
                    {item.xeroId && <span className={`${styles.muted} ${local.id}`}>Xero id {item.xeroId}</span>}
                  </td>
                  <td data-label="State">
                    <span className={styles.badge} data-tone={STATE_TONES[item.state]}>
                      {XERO_SYNC_STATE_LABELS[item.state]}
                    </span>
                    {item.state === 'pending' && item.nextAttemptAt && <span className={`${styles.muted} ${local.id}`}>next try {formatDateTime(item.nextAttemptAt)}</span>}
                  </td>
                  <td data-label="Tries">{formatNumber(item.attempts)}</td>
                  <td data-label="Last error" className={local.error}>
                    {item.lastError ?? '—'}
                  </td>
                  <td data-label="Updated">{formatDateTime(item.updatedAt)}</td>
                  <td>
                    {item.state === 'failed' && (
                      <button type="button" className="button" disabled={retry.isPending && retry.variables === item.id} onClick={() => tryAgain(item)} aria-label={`Try again: ${item.label}`}>
                        Try again
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageSize={status.pageSize} total={status.total} noun="item" onPage={onPage} />
        </>
      )}
    </>
  );
}
