import { formatDate } from '@shared/format';
import styles from '../../components/admin/admin.module.css';

/** The facts of a member in a members table row, whether the row came from the server or the console's cache. */
export function MemberCells({ member }: { member: { name: string; businessName: string | null; email: string; phone: string | null; createdAt: string } }) {
  return (
    <>
      <td data-label="Name">
        <strong>{member.name}</strong>
      </td>
      <td data-label="Business">{member.businessName ?? '—'}</td>
      <td data-label="Contact">
        <div>{member.email}</div>
        {member.phone && <div className={styles.muted}>{member.phone}</div>}
      </td>
      <td data-label="Joined">{formatDate(member.createdAt)}</td>
    </>
  );
}
