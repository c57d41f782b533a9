import type { ApprovalCheck as Check, RoleChangeView } from '@shared/contracts/discounts';
import { roleChangeSentence } from '@shared/domain/accounts/maker-checker';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';

const sentence = (change: RoleChangeView) =>
  roleChangeSentence(change, (id) => (id === change.userId ? change.userName : id === change.changedById ? (change.changedByName ?? 'a former user') : 'a former user'));

function Changes({ label, changes, windowDays }: { label: string; changes: RoleChangeView[]; windowDays: number }) {
  return (
    <div>
      <strong>{label}</strong>
      {changes.length === 0 ? (
        <p className={styles.muted}>No role changes in the last {windowDays} days.</p>
      ) : (
        <ul aria-label={label}>
          {changes.map((change) => (
            <li key={`${change.at}-${change.userId}`}>{sentence(change)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Beside an approval waiting: the role changes of the one who asked and of the signed-in administrator
 * in the last days (who granted what, when), and, when the server's maker-checker rule would refuse
 * this administrator, its sentence. The server decides again on approval; this only shows it first.
 */
export function ApprovalCheck({ approval, requestedBy }: { approval: Check; requestedBy: string }) {
  return (
    <div className={ops.detail}>
      {approval.refusal !== null && (
        <p className={styles.error} role="note">
          You cannot approve this. {approval.refusal}
        </p>
      )}
      <div className={ops.split}>
        <Changes label={`Role changes of ${requestedBy} (asked for it)`} changes={approval.requesterRoleChanges} windowDays={approval.windowDays} />
        <Changes label="Your role changes" changes={approval.approverRoleChanges} windowDays={approval.windowDays} />
      </div>
    </div>
  );
}
