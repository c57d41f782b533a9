import { useState } from 'react';
import { Link } from 'react-router';
import { type SupportRequestDetail, supportRequestLinkInputSchema } from '@shared/contracts/support-requests';
import { canEnterSupportMode } from '@shared/domain/accounts/permissions';
import styles from '../../../components/admin/admin.module.css';
import ops from '../../../components/admin/admin-items.module.css';
import { CheckboxField } from '../../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../../components/ui/form/form';
import { failureMessage } from '../../../lib/react-query';
import { useOpenSupportSession } from '../../../stores/support-session';
import { useSession } from '../../../stores/use-session';

/** Who the queue says a request is from: the member it is linked to, or a visitor known only by the address they typed. */
export const senderLabel = (request: { member: unknown; name: string; email: string }) => (request.member ? request.name : `From a visitor: ${request.email}`);

/**
 * Who sent the request. A request is a member's only when it was sent signed in,
 * or staff linked it by hand; any other is shown as from a visitor with the address they typed,
 * never under the name of the member who may hold that address. `onLink` links it to that account.
 */
export function RequestSender({ request, onLink, wideClassName }: { request: SupportRequestDetail; onLink: () => Promise<unknown>; wideClassName?: string }) {
  const phone = request.phone && (
    <>
      {' '}
      · <a href={`tel:${request.phone.replace(/\s+/g, '')}`}>{request.phone}</a>
    </>
  );
  if (request.member) {
    return (
      <>
        <div className={wideClassName}>
          <dt>From</dt>
          <dd>
            {request.name} · <a href={`mailto:${request.email}`}>{request.email}</a>
            {phone}
          </dd>
        </div>
        <div className={wideClassName}>
          <dt>Member</dt>
          <dd>
            <MemberLinks member={request.member} />
          </dd>
        </div>
      </>
    );
  }
  return (
    <>
      <div className={wideClassName}>
        <dt>From</dt>
        <dd>
          From a visitor: <a href={`mailto:${request.email}`}>{request.email}</a>
          {phone}
          <span className={styles.muted}> · the name they gave: {request.name}</span>
        </dd>
      </div>
      <div className={wideClassName}>
        <dt>Member</dt>
        <dd>
          Not in any account: it was not sent signed in, and an address typed into a form does not show who typed it.
          {request.addressHasAccount && <LinkToAccount onLink={onLink} />}
        </dd>
      </div>
    </>
  );
}

/** Staff link a visitor's request to the account at its address, once the person has said it is theirs. */
function LinkToAccount({ onLink }: { onLink: () => Promise<unknown> }) {
  const form = useZodForm(supportRequestLinkInputSchema, {});
  return (
    <Form form={form} className={ops.form} onSubmit={() => onLink()} aria-label="Link to the account with this address">
      <p className={styles.muted}>
        An account uses this address. Link the request to it only once the person has confirmed the message is theirs, for example on the phone or by answering your e-mail; the member then sees it and your
        answers in their dashboard.
      </p>
      <FormError />
      <CheckboxField name="confirmed" label="The person has confirmed this message is theirs" />
      <div>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Link to the account with this address
        </button>
      </div>
    </Form>
  );
}

/** The member's place in the members list, and support mode for them (read only, the SPEC's default level). */
function MemberLinks({ member }: { member: { id: string; name: string; email: string } }) {
  const { user } = useSession();
  const openSupportSession = useOpenSupportSession();
  const [failure, setFailure] = useState<string>();
  const openSupport = async () => {
    setFailure(undefined);
    try {
      await openSupportSession(member, 'read');
    } catch (error) {
      setFailure(failureMessage(error, 'Support mode could not be entered.'));
    }
  };
  return (
    <>
      <Link to={`/admin/user-lookup/${encodeURIComponent(member.id)}`}>{member.name}</Link>
      {canEnterSupportMode(user) && (
        <>
          {' '}
          <button type="button" className={`button ${styles.linkButton}`} onClick={() => void openSupport()}>
            Support mode (read only)
          </button>
        </>
      )}
      {failure && (
        <span role="alert" className={styles.muted}>
          {' '}
          {failure}
        </span>
      )}
    </>
  );
}
