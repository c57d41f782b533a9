/**
 * The certificates of protection issued on one application, as staff see them (docs/certificates.md):
 * each code, when it was issued, how it stands for a lender who checks it, and withdrawing one with
 * the reason the member is told.
 */
import { useState } from 'react';
import { type CertificateView, certificateWithdrawInputSchema } from '@shared/contracts/certificates';
import { CERTIFICATE_STANDING_LABELS } from '@shared/domain/protection/certificate';
import { formatCents, formatDate, formatDateTime, formatHectares } from '@shared/format';
import { ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import admin from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { TextareaField } from '../../components/ui/form/fields';
import { Form, FormError, SubmitOrCancel, useZodForm } from '../../components/ui/form/form';
import { useCertificates, useWithdrawCertificate } from './api/certificates';

const STANDING_TONES: Record<CertificateView['standing'], string> = { current: 'success', ended: 'neutral', withdrawn: 'danger' };

export function ApplicationCertificates({ applicationId }: { applicationId: string }) {
  const certificates = useCertificates(applicationId);
  const [withdrawing, setWithdrawing] = useState<string>();
  if (certificates.isPending) return <ListLoading label="Loading certificates…" />;
  if (certificates.isError) return <ListError query={certificates} fallback="The certificates could not be loaded. Check your connection and try again." />;
  if (certificates.data.certificates.length === 0) return <ListEmpty>No certificate issued yet: one is issued when the member (or their broker) first downloads it, once cover has started.</ListEmpty>;
  return (
    <ul className={ops.itemList} aria-label="Certificates, newest first">
      {certificates.data.certificates.map((certificate) => (
        <li key={certificate.id}>
          <p>
            <strong>{certificate.code}</strong>{' '}
            <span className={admin.badge} data-tone={STANDING_TONES[certificate.standing]}>
              {CERTIFICATE_STANDING_LABELS[certificate.standing]}
            </span>
          </p>
          <p className={admin.muted}>
            Issued {formatDate(certificate.issuedAt)} to {certificate.holderName}: {certificate.totals.paddocks} {certificate.totals.paddocks === 1 ? 'paddock' : 'paddocks'},{' '}
            {formatHectares(certificate.totals.hectares)}, {formatCents(certificate.totals.valueCents)}; cover from {formatDateTime(certificate.coverStartedAt)}.
            {certificate.withdrawnAt && ` Withdrawn ${formatDateTime(certificate.withdrawnAt)}: ${certificate.withdrawnReason ?? ''}`}
          </p>
          {!certificate.withdrawnAt &&
            (withdrawing === certificate.id ? (
              <WithdrawForm applicationId={applicationId} certificate={certificate} onDone={() => setWithdrawing(undefined)} />
            ) : (
              <button type="button" className="button" onClick={() => setWithdrawing(certificate.id)}>
                Withdraw {certificate.code}
              </button>
            ))}
        </li>
      ))}
    </ul>
  );
}

function WithdrawForm({ applicationId, certificate, onDone }: { applicationId: string; certificate: CertificateView; onDone: () => void }) {
  const withdraw = useWithdrawCertificate(applicationId);
  const form = useZodForm(certificateWithdrawInputSchema, { reason: '' });
  return (
    <Form
      form={form}
      className={admin.panel}
      aria-label={`Withdraw ${certificate.code}`}
      failureMessage="The certificate could not be withdrawn. Check your connection and try again."
      onSubmit={async (values) => {
        await withdraw.mutateAsync({ id: certificate.id, ...values });
        onDone();
      }}
    >
      <p className={admin.muted}>A lender who checks its code is told it was withdrawn. The member is e-mailed your reason and can download a new certificate while cover stands.</p>
      <FormError />
      <TextareaField name="reason" label="Why is it withdrawn? (the member is told)" rows={2} />
      <SubmitOrCancel className={admin.panelActions} busy="Withdrawing…" label="Withdraw the certificate" onCancel={onDone} />
    </Form>
  );
}
