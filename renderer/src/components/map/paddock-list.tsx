/**
 * The paddocks and groups of the farm: name, mapped area, the grower's own area (which overrides
 * the mapped one), group, exclude, delete; the farm total; warnings about overlapping shapes and
 * about a paddock larger than one can be (the quote cannot be priced with it).
 */
import { useId, useState } from 'react';
import type { PaddockSection } from '@shared/contracts/quote';
import type { PaddockOverlap } from '@shared/domain/geo/geometry';
import { effectiveArea, hectaresProblem, paddockAreaProblem } from '@shared/domain/geo/paddock-area';
import { totalHectares } from '@shared/domain/geo/paddocks';
import { formatHectares, plural } from '@shared/format';
import styles from './farm-mapping.module.css';

export interface PaddockListProps {
  paddocks: readonly PaddockSection[];
  overlaps: readonly PaddockOverlap[];
  selectedPaddockId?: string;
  onSelect?: (id: string) => void;
  onRename: (id: string, name: string) => void;
  /** undefined clears the grower's area so the mapped area counts again. */
  onUserAreaChange: (id: string, hectares: number | undefined) => void;
  onExcludedChange: (id: string, isExcluded: boolean) => void;
  onGroupChange: (id: string, groupId: string | undefined) => void;
  onAddGroup: (name: string) => void;
  onDelete: (id: string) => void;
}

function UserAreaInput({ paddock, onChange }: { paddock: PaddockSection; onChange: (hectares: number | undefined) => void }) {
  const id = useId();
  const [text, setText] = useState(paddock.userDefinedArea === undefined ? '' : String(paddock.userDefinedArea));
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const trimmed = text.replace(/,/g, '').trim();
    if (trimmed === '') {
      setError(null);
      if (paddock.userDefinedArea !== undefined) onChange(undefined);
      return;
    }
    const value = Number(trimmed);
    const problem = hectaresProblem(value);
    setError(problem);
    if (!problem && value !== paddock.userDefinedArea) onChange(value);
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.smallLabel}>
        Your area (ha){paddock.geometry ? ', replaces the mapped area' : ''}
      </label>
      <input
        id={id}
        className={styles.inputNarrow}
        inputMode="decimal"
        value={text}
        placeholder={paddock.area > 0 ? String(paddock.area) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function AddGroupForm({ onAdd }: { onAdd: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const add = () => {
    onAdd(name.trim());
    setName('');
  };
  return (
    <div className={styles.groupForm} role="group" aria-label="Add a paddock group">
      <label htmlFor={id} className={styles.smallLabel}>
        New group
      </label>
      <input
        id={id}
        className={styles.inputNarrow}
        value={name}
        maxLength={60}
        placeholder="e.g. River block"
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
      />
      <button type="button" className={styles.secondaryButton} onClick={add}>
        Add group
      </button>
    </div>
  );
}

export function PaddockList(props: PaddockListProps) {
  const { paddocks, overlaps } = props;
  const groups = paddocks.filter((section) => section.isGroup);
  const fields = paddocks.filter((section) => !section.isGroup);
  const excluded = fields.filter((section) => section.isExcluded).length;
  const total = totalHectares(paddocks);
  const areaProblems = new Map(fields.map((paddock) => [paddock.id, paddock.isExcluded ? null : paddockAreaProblem(paddock)]));

  return (
    <section className={styles.listSection} aria-labelledby="paddock-list-title">
      <h3 id="paddock-list-title" className={styles.subheading}>
        Your paddocks
      </h3>
      {overlaps.length > 0 && (
        <div className={styles.warning} role="alert" data-testid="overlap-warning">
          <strong>Paddocks overlap.</strong> The same ground would be counted twice:
          <ul>
            {overlaps.map((overlap) => (
              <li key={`${overlap.firstId}-${overlap.secondId}`}>
                {overlap.firstName} and {overlap.secondName} share {formatHectares(overlap.overlapHectares)}
              </li>
            ))}
          </ul>
          Edit one of the shapes, give the right area in ‘Your area’, or exclude one.
        </div>
      )}
      {fields.length === 0 ? (
        <p className={styles.empty}>No paddocks yet. Draw one on the map, import a boundary file, or add one by its area below.</p>
      ) : (
        <ul className={styles.paddocks} data-testid="paddock-list">
          {fields.map((paddock) => (
            <li
              key={paddock.id}
              className={`${styles.paddock} ${paddock.id === props.selectedPaddockId ? styles.paddockSelected : ''} ${paddock.isExcluded ? styles.paddockExcluded : ''}`}
              data-testid="paddock-item"
              onFocus={() => props.onSelect?.(paddock.id)}
            >
              <div className={styles.paddockHead}>
                <label className={styles.srOnly} htmlFor={`paddock-name-${paddock.id}`}>
                  Paddock name
                </label>
                <input
                  key={paddock.name}
                  id={`paddock-name-${paddock.id}`}
                  className={styles.nameInput}
                  defaultValue={paddock.name}
                  maxLength={100}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      event.currentTarget.blur();
                    }
                  }}
                  onBlur={(event) => {
                    const name = event.target.value.trim();
                    if (name && name !== paddock.name) props.onRename(paddock.id, name);
                    else event.target.value = paddock.name;
                  }}
                />
                <span className={styles.area} data-testid="paddock-area">
                  {formatHectares(effectiveArea(paddock))}
                </span>
              </div>
              <p className={styles.areaSource}>
                {paddock.geometry ? `Mapped: ${formatHectares(paddock.area)}` : 'Not drawn on the map'}
                {(paddock.userDefinedArea ?? 0) > 0 ? ` · your area ${formatHectares(paddock.userDefinedArea!)} is used` : ''}
              </p>
              {areaProblems.get(paddock.id) && (
                <p className={styles.error} role="alert">
                  {areaProblems.get(paddock.id)}
                </p>
              )}
              <div className={styles.paddockControls}>
                <UserAreaInput key={String(paddock.userDefinedArea)} paddock={paddock} onChange={(hectares) => props.onUserAreaChange(paddock.id, hectares)} />
                {groups.length > 0 && (
                  <div className={styles.field}>
                    <label htmlFor={`paddock-group-${paddock.id}`} className={styles.smallLabel}>
                      Group
                    </label>
                    <select id={`paddock-group-${paddock.id}`} className={styles.select} value={paddock.groupId ?? ''} onChange={(event) => props.onGroupChange(paddock.id, event.target.value || undefined)}>
                      <option value="">No group</option>
                      {groups.map((group) => (
                        <option key={group.id} value={group.id}>
                          {group.name}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <label className={styles.checkbox}>
                  <input type="checkbox" checked={paddock.isExcluded} onChange={(event) => props.onExcludedChange(paddock.id, event.target.checked)} />
                  Exclude from cover
                </label>
                <button type="button" className={styles.linkButton} onClick={() => props.onDelete(paddock.id)} aria-label={`Delete ${paddock.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.total} data-testid="farm-total">
        Farm total: <strong>{formatHectares(total)}</strong> in {plural(fields.length - excluded, 'paddock')}
        {excluded > 0 ? ` (${excluded} excluded)` : ''}
      </p>
      <details className={styles.groups} open={groups.length > 0}>
        <summary>Paddock groups{groups.length > 0 ? ` (${groups.length})` : ''}</summary>
        <p className={styles.hint}>Group paddocks that share a crop, yield and price, so you can enter them once.</p>
        {groups.length > 0 && (
          <ul className={styles.groupList}>
            {groups.map((group) => (
              <li key={group.id}>
                <span>
                  {group.name} · {formatHectares(group.area)} · {fields.filter((section) => section.groupId === group.id).length} paddocks
                </span>
                <button type="button" className={styles.linkButton} onClick={() => props.onDelete(group.id)} aria-label={`Delete group ${group.name}`}>
                  Delete group
                </button>
              </li>
            ))}
          </ul>
        )}
        <AddGroupForm onAdd={props.onAddGroup} />
      </details>
    </section>
  );
}
