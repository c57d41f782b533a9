import { isAutoSaveIndicatorVisible } from '@shared/domain/quote/auto-save';
import { useDraftStore } from '../stores/draft-store';
import styles from '../quote-wizard.module.css';

const LABELS = { idle: '', saving: 'Saving…', saved: 'Progress saved', error: 'Auto-save failed' } as const;

/** docs/behaviour.md §2: shown whenever the auto-save status is not idle. */
export function AutoSaveIndicator() {
  const autoSave = useDraftStore((state) => state.autoSave);
  if (!isAutoSaveIndicatorVisible(autoSave)) return null;
  const text = autoSave.status === 'error' ? (autoSave.error ?? LABELS.error) : LABELS[autoSave.status];
  return (
    <div className={`${styles.autoSave} ${styles[`autoSave-${autoSave.status}`] ?? ''}`} role="status" data-testid="auto-save-indicator" data-status={autoSave.status}>
      {text}
    </div>
  );
}
