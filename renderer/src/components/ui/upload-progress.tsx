import { useCallback, useState } from 'react';
import { formatFileSize } from '@shared/format';
import type { UploadProgressListener } from '../../lib/api-client';
import styles from './upload-progress.module.css';

export interface UploadSent {
  sentBytes: number;
  totalBytes: number;
}

const percentOf = ({ sentBytes, totalBytes }: UploadSent) => (totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 100);

/**
 * How far an upload has gone: `listen` goes to the call as its onUploadProgress, `sent` to
 * UploadProgress, and `clear` once the call has settled. The page redraws once a whole percent,
 * not at every event the browser sends.
 */
export function useUploadProgress() {
  const [sent, setSent] = useState<UploadSent | null>(null);
  const listen = useCallback<UploadProgressListener>((sentBytes, totalBytes) => {
    const next = { sentBytes, totalBytes };
    setSent((current) => (current && current.totalBytes === totalBytes && percentOf(current) === percentOf(next) ? current : next));
  }, []);
  const clear = useCallback(() => setSent(null), []);
  return { sent, listen, clear };
}

/** A bar and "1.2 MB of 11.8 MB sent" while an upload goes; once all of it has gone, that it is being saved. */
export function UploadProgress({ sent, label }: { sent: UploadSent | null; label: string }) {
  if (!sent) return null;
  return (
    <div className={styles.progress}>
      <progress value={sent.sentBytes} max={sent.totalBytes} aria-label={label} />
      <span>{sent.sentBytes >= sent.totalBytes ? 'All sent; saving it now…' : `${formatFileSize(sent.sentBytes)} of ${formatFileSize(sent.totalBytes)} sent`}</span>
    </div>
  );
}
