/**
 * Soil samples as a table: paddock, date, depth, lab, every result and the texture, a blank result
 * shown as a dash. Wide, so it scrolls sideways inside its frame on a phone rather than squeezing
 * the figures. Staff see the member and who entered it, and may delete a row.
 */
import { measureLabel, SOIL_MEASURES, type SoilSampleView } from '@shared/contracts/soil';
import { TEXTURE_LABELS } from '@shared/domain/soil/measures';
import { formatDate, formatNumber } from '@shared/format';
import styles from './soil.module.css';

export function SoilSamplesTable({
  samples,
  caption,
  showMember = false,
  onDelete,
  busy = false,
}: {
  samples: readonly SoilSampleView[];
  caption: string;
  showMember?: boolean;
  onDelete?: (sample: SoilSampleView) => void;
  busy?: boolean;
}) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table} aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {showMember && <th scope="col">Member</th>}
            <th scope="col">Paddock</th>
            <th scope="col">Sampled</th>
            <th scope="col">Depth</th>
            <th scope="col">Lab</th>
            {SOIL_MEASURES.map((measure) => (
              <th key={measure} scope="col" className={styles.number}>
                {measureLabel(measure)}
              </th>
            ))}
            <th scope="col">Texture</th>
            {showMember && <th scope="col">Entered by</th>}
            {onDelete && (
              <th scope="col">
                <span className="visually-hidden">Delete</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {samples.map((sample) => (
            <tr key={sample.id}>
              {showMember && <td>{sample.memberName}</td>}
              <th scope="row">{sample.paddockName}</th>
              <td className={styles.nowrap}>{formatDate(sample.sampleDate)}</td>
              <td className={styles.nowrap}>
                {sample.depthFromCm}–{sample.depthToCm} cm
              </td>
              <td>{sample.lab}</td>
              {SOIL_MEASURES.map((measure) => (
                <td key={measure} className={styles.number}>
                  {sample[measure] === null ? '—' : formatNumber(sample[measure])}
                </td>
              ))}
              <td>{sample.texture ? TEXTURE_LABELS[sample.texture] : '—'}</td>
              {showMember && <td>{sample.importBatchId ? 'Staff (lab CSV)' : sample.enteredBy === 'member' ? 'Member' : 'Staff'}</td>}
              {onDelete && (
                <td>
                  <button type="button" className="button" onClick={() => onDelete(sample)} aria-label={`Delete the ${formatDate(sample.sampleDate)} sample of ${sample.paddockName}`}>
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
