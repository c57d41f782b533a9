import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { type DiscountRuleChange, type DiscountRuleDraft, type DiscountRuleDraftInput, type DiscountRulePreviewResponse, type DiscountRulesResponse, discountRuleDraftSchema } from '@shared/contracts/discounts';
import type { DynamicDiscountRule } from '@shared/contracts/pricing';
import { formatCents, formatDateTime, formatMoneyInSentence, formatRate } from '@shared/format';
import { AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { CheckboxGroupField, RadioGroupField } from '../../components/ui/form/choice-fields';
import { CheckboxField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { failureMessage } from '../../lib/react-query';
import { useSessionStore } from '../../stores/session-store';
import { useApproveDiscountRuleChange } from './api/approve-discount-rule-change';
import { useCreateDiscountRule } from './api/create-discount-rule';
import { useDiscountRules } from './api/get-discount-rules';
import { usePreviewDiscountRule } from './api/preview-discount-rule';
import { useRejectDiscountRuleChange } from './api/reject-discount-rule-change';
import { useUpdateDiscountRule } from './api/update-discount-rule';
import { ApprovalCheck } from './approval-check';
import { DateField, NumberField } from './rule-fields';
import { KIND_LABELS, ruleAmount, ruleCondition, ruleWindow } from './rule-text';

const NEW_RULE: DiscountRuleDraftInput = {
  name: '',
  kind: 'conditional',
  isActive: true,
  priority: 0,
  stacks: true,
  validFrom: null,
  validTo: null,
  conditions: { minTotalHectares: null, maxTotalHectares: null, requiredCrops: [], minDistinctCrops: null, minPriorSeasons: null, requiresReferrer: false, applyBy: null, zones: [], coverageTypes: [] },
  amount: { type: 'percentage', rate: 0.05 },
};

/** The rule as the editor holds it: the id goes in the path, and the optional figures are always shown. */
function draftOf(rule: DynamicDiscountRule): DiscountRuleDraftInput {
  const { id: _id, ...draft } = rule;
  return { ...draft, priority: rule.priority ?? 0, stacks: rule.stacks ?? true, validFrom: rule.validFrom ?? null, validTo: rule.validTo ?? null };
}

/** /admin/discount-rules: the dynamic discount rules, and an editor that previews a rule before it is saved. */
export default function DiscountRulesPage() {
  const rules = useDiscountRules();
  const [editing, setEditing] = useState<{ id: string | undefined; draft: DiscountRuleDraftInput } | null>(null);
  return (
    <section>
      <AdminPageHeader title="Discount rules">
        The discounts new quotes get. A new rule, or a change to one, applies to new quotes once a second administrator approves it (until then the rule as approved keeps pricing), under a new pricing model
        version, and never changes an application already submitted.
      </AdminPageHeader>
      {rules.isPending && <ListLoading label="Loading the discount rules…" />}
      {rules.isError && <ListError query={rules} fallback="The rules could not be loaded. Check your connection and try again." />}
      {rules.isSuccess && (
        <>
          <p className={styles.muted}>
            Model version <code>{rules.data.version}</code>. Discounts together are capped at {formatRate(rules.data.maxTotalDiscountRate)}, and no premium goes below{' '}
            {formatMoneyInSentence(rules.data.minimumPremium)} (both set on the Pricing page). Rules that stack add up; a rule that does not stack is given alone when it is worth more than the stacking rules
            together.
          </p>
          <PendingChanges data={rules.data} />
          <RulesTable data={rules.data} onEdit={(rule) => setEditing({ id: rule.id, draft: draftOf(rule) })} />
          {!editing && (
            <button type="button" className="button button-primary" onClick={() => setEditing({ id: undefined, draft: NEW_RULE })}>
              New rule
            </button>
          )}
          {editing && <RuleEditor key={editing.id ?? 'new'} id={editing.id} initial={editing.draft} data={rules.data} onDone={() => setEditing(null)} />}
        </>
      )}
    </section>
  );
}

/** The changes waiting for a second administrator, each beside the role changes that decide who may approve it. */
function PendingChanges({ data }: { data: DiscountRulesResponse }) {
  if (data.pending.length === 0) return null;
  return (
    <div className={styles.panel}>
      <h2 className={ops.sectionTitle}>Awaiting a second administrator ({data.pending.length})</h2>
      <ul className={ops.itemList}>
        {data.pending.map((change) => (
          <PendingChange key={change.id} change={change} />
        ))}
      </ul>
    </div>
  );
}

const ACTIVE = (rule: DynamicDiscountRule) => (rule.isActive ? 'Yes' : 'No');
const COMPARED: Array<[string, (rule: DynamicDiscountRule) => string]> = [
  ['Name', (rule) => rule.name],
  ['Applies when', ruleCondition],
  ['Amount', ruleAmount],
  ['Priority', (rule) => String(rule.priority ?? 0)],
  ['Stacks', (rule) => ((rule.stacks ?? true) ? 'Yes' : 'No')],
  ['Valid', ruleWindow],
  ['Active', ACTIVE],
];

export function PendingChange({ change }: { change: DiscountRuleChange }) {
  const me = useSessionStore((state) => state.user?.id);
  const approve = useApproveDiscountRuleChange();
  const reject = useRejectDiscountRuleChange();
  const [problem, setProblem] = useState<string | null>(null);
  const mine = change.requestedById === me;
  const run = async (action: 'approve' | 'reject') => {
    setProblem(null);
    try {
      await (action === 'approve' ? approve : reject).mutateAsync({ id: change.id });
    } catch (error) {
      setProblem(failureMessage(error, 'That did not work. Check your connection and try again.'));
    }
  };
  const busy = approve.isPending || reject.isPending;
  const title = change.isNew ? `New rule: ${change.rule.name}` : `Change to ${change.before?.name ?? change.rule.name}`;
  return (
    <li className={ops.detail} aria-label={title}>
      <div className={ops.itemTop}>
        <strong>{title}</strong>
        <span className={styles.muted}>
          Asked for by {change.requestedBy}, {formatDateTime(change.requestedAt)}
        </span>
      </div>
      <table className={styles.table}>
        <caption className="visually-hidden">What changes</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Part</span>
            </th>
            <th scope="col">Approved now</th>
            <th scope="col">Once approved</th>
          </tr>
        </thead>
        <tbody>
          {COMPARED.map(([label, text]) => {
            const before = change.before ? text(change.before) : '—';
            const after = text(change.rule);
            return (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td data-label="Approved now">{before}</td>
                <td data-label="Once approved">{after === before ? after : <strong>{after}</strong>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ApprovalCheck approval={change.approval} requestedBy={change.requestedBy} />
      <div className={ops.formRow}>
        {change.approval.refusal === null && (
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void run('approve')}>
            Approve
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => void run('reject')}>
          {mine ? 'Withdraw' : 'Reject'}
        </button>
      </div>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
    </li>
  );
}

function RulesTable({ data, onEdit }: { data: DiscountRulesResponse; onEdit: (rule: DynamicDiscountRule) => void }) {
  const usage = new Map(data.usage.map((item) => [item.ruleId, item]));
  const waiting = new Set(data.pending.map((change) => change.ruleId));
  return (
    <div className={styles.panel}>
      <table className={styles.table}>
        <caption className={styles.muted}>Rules, highest priority first; use in season {data.seasonYear} from submitted applications.</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Applies when</th>
            <th scope="col">Amount</th>
            <th scope="col">Priority</th>
            <th scope="col">Stacks</th>
            <th scope="col">Valid</th>
            <th scope="col">This season</th>
            <th scope="col">
              <span className="visually-hidden">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.rules.map((rule) => {
            const used = usage.get(rule.id);
            return (
              <tr key={rule.id}>
                <td data-label="Rule">
                  {rule.name} <span className={styles.badge}>{KIND_LABELS[rule.kind]}</span> {!rule.isActive && <span className={styles.badge}>Inactive</span>}{' '}
                  {waiting.has(rule.id) && <span className={styles.badge}>Change awaiting approval</span>}
                </td>
                <td data-label="Applies when">{ruleCondition(rule)}</td>
                <td data-label="Amount">{ruleAmount(rule)}</td>
                <td data-label="Priority">{rule.priority ?? 0}</td>
                <td data-label="Stacks">{(rule.stacks ?? true) ? 'Yes' : 'No'}</td>
                <td data-label="Valid">{ruleWindow(rule)}</td>
                <td data-label="This season">{used ? `${used.applications} · ${formatCents(used.amountCents)}` : '—'}</td>
                <td>
                  {waiting.has(rule.id) ? (
                    <span className={styles.muted}>Approve or reject its change first</span>
                  ) : (
                    <button type="button" className={`button ${styles.linkButton}`} onClick={() => onEdit(rule)} aria-label={`Edit ${rule.name}`}>
                      Edit
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The editor: Preview shows the effect of exactly these values; asking for approval is offered only for what was previewed. */
function RuleEditor({ id, initial, data, onDone }: { id: string | undefined; initial: DiscountRuleDraftInput; data: DiscountRulesResponse; onDone: () => void }) {
  const form = useZodForm(discountRuleDraftSchema, initial);
  const preview = usePreviewDiscountRule();
  const create = useCreateDiscountRule();
  const update = useUpdateDiscountRule();
  const [previewed, setPreviewed] = useState<{ rule: DiscountRuleDraft; result: DiscountRulePreviewResponse } | null>(null);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // Any change after a preview makes it stale: the rule must be previewed again before it is saved.
  useEffect(() => {
    const subscription = form.watch(() => {
      setPreviewed(null);
      setSaved(false);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const runPreview = async (rule: DiscountRuleDraft) => {
    setSaveProblem(null);
    const result = await preview.mutateAsync({ id, rule });
    setPreviewed({ rule, result });
  };
  const save = async () => {
    if (!previewed) return;
    setSaveProblem(null);
    try {
      const rule = previewed.rule;
      if (id === undefined && rule.kind === 'conditional') await create.mutateAsync(rule);
      else if (id !== undefined) await update.mutateAsync({ id, rule });
      setSaved(true);
      setPreviewed(null);
      if (id === undefined) onDone();
    } catch (error) {
      setSaveProblem(failureMessage(error, 'The rule could not be sent for approval. Check your connection and try again.'));
    }
  };
  const saving = create.isPending || update.isPending;

  return (
    <div className={`${styles.panel} ${ops.detail}`}>
      <h2 className={ops.sectionTitle}>{id === undefined ? 'New rule' : `Edit ${initial.name}`}</h2>
      <Form form={form} className={ops.form} onSubmit={runPreview} failureMessage="The preview could not be worked out. Check your connection and try again." aria-label="Discount rule">
        <RuleFields data={data} />
        <FormError />
        <div className={ops.formRow}>
          <SubmitButton label="Preview" busy="Working out…" className="button" />
          <button type="button" className="button button-primary" disabled={!previewed || saving} onClick={() => void save()} title={previewed ? undefined : 'Preview the rule first'}>
            {saving ? 'Sending…' : 'Ask for approval'}
          </button>
          <button type="button" className="button" onClick={onDone}>
            Close
          </button>
        </div>
        {!previewed && !saved && <p className={styles.muted}>Preview the rule to see what it does before asking for approval.</p>}
        {saveProblem && (
          <p role="alert" className={styles.error}>
            {saveProblem}
          </p>
        )}
        {saved && (
          <p className={styles.notice} role="status">
            Sent for approval. New quotes use it once another administrator approves it.
          </p>
        )}
      </Form>
      {previewed && <PreviewResult result={previewed.result} />}
    </div>
  );
}

function RuleFields({ data }: { data: DiscountRulesResponse }) {
  // The fields present depend on the kind, so the form is read untyped here.
  const { watch } = useFormContext();
  const kind = watch('kind') as DynamicDiscountRule['kind'];
  const amountType = watch('amount.type') as string | undefined;
  const bands = kind === 'volume' ? ((watch('bands') as unknown[] | undefined) ?? []) : [];
  return (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoComplete="off" />
        <NumberField name="priority" label="Priority" hint="0 to 1000; higher goes first" />
      </FormRow>
      {kind === 'conditional' && (
        <>
          <RadioGroupField
            name="amount.type"
            legend="Amount"
            options={[
              { value: 'percentage', label: 'A percentage of the premium' },
              { value: 'fixed', label: 'A fixed sum' },
            ]}
          />
          {amountType === 'fixed' ? <NumberField name="amount.value" label="Dollars off" /> : <NumberField name="amount.rate" label="Rate" hint="0.05 means 5%" />}
          <h3>Conditions (all that are set must hold)</h3>
          <FormRow>
            <NumberField name="conditions.minTotalHectares" label="Total area at least (ha)" hint="Empty: any" />
            <NumberField name="conditions.maxTotalHectares" label="Total area at most (ha)" hint="Empty: any" />
          </FormRow>
          <CheckboxGroupField name="conditions.requiredCrops" legend="Crop mix: grows every crop ticked" options={data.crops.map((crop) => ({ value: crop, label: crop }))} />
          <FormRow>
            <NumberField name="conditions.minDistinctCrops" label="At least this many crops" hint="Empty: any" />
            <NumberField name="conditions.minPriorSeasons" label="Member for at least (seasons)" hint="Empty: anyone" />
            <DateField name="conditions.applyBy" label="Applied for by" hint="Empty: any date" />
          </FormRow>
          <CheckboxField name="conditions.requiresReferrer" label="Joined with an active referrer’s code" />
          <CheckboxGroupField name="conditions.zones" legend="In any of these zones (none ticked: any zone)" options={data.zones.map((zone) => ({ value: zone.code, label: `${zone.code} ${zone.name}` }))} />
          <CheckboxGroupField
            name="conditions.coverageTypes"
            legend="For any of these covers (none ticked: any cover)"
            options={[
              { value: 'hail', label: 'Hail' },
              { value: 'fire', label: 'Fire & Lightning' },
              { value: 'both', label: 'Hail, Fire & Lightning' },
            ]}
          />
        </>
      )}
      {kind === 'volume' &&
        bands.map((_band, index) => (
          <FormRow key={index}>
            <NumberField name={`bands.${index}.fromInsuredValue`} label={`Band ${index + 1} from ($ insured)`} />
            <NumberField name={`bands.${index}.rate`} label={`Band ${index + 1} rate`} hint="0.025 means 2.5%" />
          </FormRow>
        ))}
      {(kind === 'earlySeason' || kind === 'multiYear' || kind === 'referrer') && <NumberField name="rate" label="Rate" hint="0.04 means 4%" />}
      {kind === 'earlySeason' && (
        <FormRow>
          <TextField name="windowStart" label="Quoted from (MM-DD)" autoComplete="off" />
          <TextField name="windowEnd" label="Quoted to (MM-DD)" autoComplete="off" />
        </FormRow>
      )}
      {kind === 'multiYear' && <NumberField name="minimumPriorSeasons" label="Prior seasons needed" />}
      <h3>When and how</h3>
      <FormRow>
        <DateField name="validFrom" label="Valid from" hint="Empty: no start" />
        <DateField name="validTo" label="Valid to" hint="Empty: no end" />
      </FormRow>
      <CheckboxField name="stacks" label="Stacks with other rules" hint="Untick to give it only alone, when it is worth more than the others together" />
      <CheckboxField name="isActive" label="Active" />
    </>
  );
}

function PreviewResult({ result }: { result: DiscountRulePreviewResponse }) {
  const { lastSeason } = result;
  return (
    <section aria-label="Preview" className={ops.detail}>
      <h3>Preview</h3>
      <table className={styles.table}>
        <caption className={styles.muted}>Three sample quotes priced today, as the model is and with this rule saved.</caption>
        <thead>
          <tr>
            <th scope="col">Sample quote</th>
            <th scope="col">Premium now</th>
            <th scope="col">With the rule</th>
            <th scope="col">This rule takes off</th>
          </tr>
        </thead>
        <tbody>
          {result.samples.map((sample) => (
            <tr key={sample.label}>
              <td data-label="Sample quote">
                <strong>{sample.label}</strong>
                <br />
                <span className={styles.muted}>{sample.summary}</span>
              </td>
              {sample.problem !== null ? (
                <td colSpan={3}>{sample.problem}</td>
              ) : (
                <>
                  <td data-label="Premium now">{formatCents(sample.premiumBeforeCents ?? 0)}</td>
                  <td data-label="With the rule">{formatCents(sample.premiumAfterCents ?? 0)}</td>
                  <td data-label="This rule takes off">{sample.ruleAmountCents > 0 ? `${formatCents(sample.ruleAmountCents)} (${sample.description ?? ''})` : 'Does not apply'}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p role="status">
        Last season ({lastSeason.seasonYear}): {lastSeason.wouldGet} of {lastSeason.applications} applications would get it, costing the mutual {formatCents(lastSeason.costCents)}
        {lastSeason.unpriced > 0 ? ` (${lastSeason.unpriced} could not be priced again: a crop or zone no longer offered)` : ''}. Each is priced again as if quoted on the same day this season.
      </p>
    </section>
  );
}
