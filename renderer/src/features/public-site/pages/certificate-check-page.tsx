import { certificateCheckInputSchema, type CertificateCheck } from '@shared/contracts/certificates';
import { formatCents, formatDateTime, formatHectares, formatLongDate } from '@shared/format';
import { TextField } from '../../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../../components/ui/form/form';
import { useCheckCertificate } from '../api/check-certificate';
import { PageHeader } from '../markdown-page';
import { usePageTitle } from '../../../lib/page-title';
import styles from './certificate-check-page.module.css';

const ALERT_OF: Record<CertificateCheck['standing'], string> = { current: 'alert-success', ended: 'alert-warning', withdrawn: 'alert-error' };

/**
 * Where a lender confirms a member's certificate of protection (docs/certificates.md): the code
 * typed as printed, then whether it is genuine and how it stands, with the holder's name and totals
 * only. The address is printed on every certificate.
 */
export default function CertificateCheckPage() {
  usePageTitle('Check a Certificate of Protection');
  const form = useZodForm(certificateCheckInputSchema, { code: '' });
  const check = useCheckCertificate();

  return (
    <>
      <PageHeader title="Check a Certificate of Protection" />
      <div className="container section">
        <div className="prose">
          <p>
            Banks and other lenders can confirm here that a certificate of protection from the mutual is genuine and current. Type the 12-character code printed at the foot of the certificate. You will see the
            holder’s name, the season, the cover and its totals; nothing else about the member is shown.
          </p>
        </div>
        <Form
          form={form}
          className={`card ${styles.form}`}
          aria-label="Check a certificate"
          failureMessage="The certificate could not be checked. Check your connection and try again."
          onSubmit={async (values) => {
            check.reset();
            await check.mutateAsync(values);
          }}
        >
          <FormError />
          <TextField name="code" label="Certificate code" placeholder="K7QM-4XPD-9TWB" autoComplete="off" autoCapitalize="characters" spellCheck={false} required maxLength={40} />
          <div>
            <SubmitButton label="Check" busy="Checking…" />
          </div>
        </Form>
        {check.isSuccess && <CheckAnswer answer={check.data} />}
      </div>
    </>
  );
}

function CheckAnswer({ answer }: { answer: CertificateCheck }) {
  return (
    <section className={styles.answer} aria-label={`Certificate ${answer.code}`} data-testid="certificate-check">
      <div className={`alert ${ALERT_OF[answer.standing]}`} role="status">
        {answer.sentence}
      </div>
      <dl className={styles.facts}>
        <dt>Certificate</dt>
        <dd>{answer.code}</dd>
        <dt>Holder</dt>
        <dd>{answer.holderName}</dd>
        <dt>Season</dt>
        <dd>{answer.season}</dd>
        <dt>Cover</dt>
        <dd>{answer.coverageDescription}</dd>
        <dt>Paddocks</dt>
        <dd>
          {answer.totals.paddocks} {answer.totals.paddocks === 1 ? 'paddock' : 'paddocks'}, {formatHectares(answer.totals.hectares)}
        </dd>
        <dt>Value protected</dt>
        <dd>{formatCents(answer.totals.valueCents)}</dd>
        <dt>Cover started</dt>
        <dd>{formatDateTime(answer.coverStartedAt)}</dd>
        <dt>Cover ends</dt>
        <dd>{formatLongDate(answer.endsOn)}, end of day</dd>
        <dt>Issued</dt>
        <dd>{formatLongDate(answer.issuedAt)}</dd>
      </dl>
    </section>
  );
}
