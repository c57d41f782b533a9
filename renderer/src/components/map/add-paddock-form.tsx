/**
 * Add a paddock without drawing: a name and the hectares. For keyboard and screen-reader users,
 * and for growers who know their areas better than any map.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { hectaresProblem } from '@shared/domain/geo/paddock-area';
import { formatHectares } from '@shared/format';
import styles from './farm-mapping.module.css';

export interface AddPaddockFormProps {
  /** The name used when the grower leaves the name blank (e.g. 'Main Paddock'). */
  suggestedName: string;
  onAdd: (paddock: { name: string; hectares: number }) => void;
}

export function AddPaddockForm({ suggestedName, onAdd }: AddPaddockFormProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [hectares, setHectares] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  const submit = () => {
    const value = Number(hectares.replace(/,/g, '').trim());
    const problem = hectares.trim() === '' ? 'Enter the area in hectares, more than 0' : hectaresProblem(value);
    setError(problem);
    if (problem) return;
    const finalName = name.trim() || suggestedName;
    onAdd({ name: finalName, hectares: value });
    setDone(`Added ${finalName}, ${formatHectares(value)}.`);
    setName('');
    setHectares('');
  };

  const onEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      submit();
    }
  };

  return (
    // A group, not a form: the wizard step around it is the form (forms cannot nest).
    <div className={styles.addForm} role="group" aria-labelledby={`${id}-title`} onKeyDown={onEnter}>
      <h3 id={`${id}-title`} className={styles.subheading}>
        Add a paddock without drawing
      </h3>
      <div className={styles.addFields}>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`} className={styles.label}>
            Paddock name
          </label>
          <input id={`${id}-name`} className={styles.input} value={name} placeholder={suggestedName} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-hectares`} className={styles.label}>
            Area (hectares)
          </label>
          <input
            id={`${id}-hectares`}
            className={styles.input}
            inputMode="decimal"
            value={hectares}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setHectares(event.target.value)}
          />
        </div>
        <button type="button" className={styles.primaryButton} onClick={submit}>
          Add paddock
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <p className={styles.srOnly} role="status" aria-live="polite">
        {done}
      </p>
    </div>
  );
}
