import type { ReactNode } from 'react';
import styles from './form.module.css';

/** Fields side by side on wide screens, stacked on phones, each keeping its own input height. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}
