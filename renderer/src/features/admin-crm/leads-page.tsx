/** /admin/crm/leads: every prospective member in one pipeline, their stages and follow-ups, and conversion by source and referrer (docs/crm.md). */
import { useState } from 'react';
import {
  type Lead,
  LEAD_LIMITS,
  LEAD_SOURCES,
  LEAD_STAGES,
  leadConversionQuerySchema,
  type LeadConversionResponse,
  leadListQuerySchema,
  type LeadListResponse,
  LEADS_PAGE_SIZE,
  type LeadStage,
  leadUpdateSchema,
  STAFF_LEAD_STAGES,
} from '@shared/contracts/crm';
import { LEAD_SOURCE_LABELS, LEAD_STAGE_LABELS } from '@shared/domain/crm/stages';
import { formatDate, formatDateTime, plural } from '@shared/format';
import { AdminPageHeader, DetailHeading, FilterForm, FilterSelect, ListEmpty, ListError, ListItemButton, ListLoading, Pager } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { ConversionBars, ConversionTable } from '../../components/charts/conversion-bars';
import { SelectField, TextareaField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { ApiFileLink } from '../../lib/api-files';
import { useConversion } from './api/get-conversion';
import { useLead } from './api/get-lead';
import { leadsCsvPath, useLeads } from './api/get-leads';
import { useUpdateLead } from './api/update-lead';
import page from './leads-page.module.css';

const searchSchema = leadListQuerySchema.pick({ search: true });
const DUE_LABELS = { '1': 'Due today or earlier' } as const;
const stageTone = (stage: LeadStage) => (stage === 'won' ? 'success' : stage === 'lost' ? 'danger' : 'brand');
const FAILED = 'That did not go through. Check your connection and try again.';

export default function LeadsPage() {
  const { params, page: listPage, update, filter } = useUrlFilters();
  const filters = {
    stage: params.get('stage') ?? '',
    source: params.get('source') ?? '',
    owner: params.get('owner') ?? '',
    search: params.get('search') ?? '',
    due: params.get('due') ?? '',
    page: listPage,
  };
  const period = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const selectedId = params.get('lead');
  const leads = useLeads(filters);
  const searchForm = useZodForm(searchSchema, { search: filters.search });

  const staff = leads.data?.staff ?? [];
  const filtered = Boolean(filters.stage || filters.source || filters.owner || filters.search || filters.due);

  return (
    <section>
      <AdminPageHeader title="CRM Leads">
        Everyone who may become a member: register-interest sign-ups, contact messages and callback requests from non-members, referrers’ growers and quotes left unsubmitted for a week. A lead is won by itself
        when its person submits an application.
      </AdminPageHeader>

      <h2 className={page.sectionTitle}>Pipeline</h2>
      {leads.isSuccess && <StageCounts counts={leads.data.stageCounts} onStage={(stage) => filter({ stage })} />}
      <FilterForm
        form={searchForm}
        onSubmit={(values) => filter({ search: values.search })}
        actions={
          <ApiFileLink className="button" path={leadsCsvPath(filters)} fileName="leads.csv">
            Download CSV
          </ApiFileLink>
        }
      >
        <FilterSelect id="leads-stage" label="Stage" value={filters.stage} anyLabel="Any stage" values={LEAD_STAGES} labels={LEAD_STAGE_LABELS} onChange={(value) => filter({ stage: value })} />
        <FilterSelect id="leads-source" label="Source" value={filters.source} anyLabel="Any source" values={LEAD_SOURCES} labels={LEAD_SOURCE_LABELS} onChange={(value) => filter({ source: value })} />
        <FilterSelect
          id="leads-owner"
          label="Owner"
          value={filters.owner}
          anyLabel="Anyone"
          values={['none', ...staff.map((member) => member.id)]}
          labels={Object.fromEntries([['none', 'Nobody yet'], ...staff.map((member) => [member.id, member.name])])}
          onChange={(value) => filter({ owner: value })}
        />
        <FilterSelect id="leads-due" label="Follow-up" value={filters.due} anyLabel="Any date" values={['1'] as const} labels={DUE_LABELS} onChange={(value) => filter({ due: value })} />
        <TextField name="search" label="Person" type="search" placeholder="Name, e-mail or phone" />
      </FilterForm>

      <div className={ops.split}>
        <div>
          {leads.isPending && <ListLoading label="Loading leads…" />}
          {leads.isError && <ListError query={leads} />}
          {leads.isSuccess && leads.data.leads.length === 0 && (
            <ListEmpty>{filtered ? 'No leads match these filters.' : 'No leads yet. They arrive from the website’s forms, callback requests, referrers and unsubmitted quotes.'}</ListEmpty>
          )}
          {leads.isSuccess && leads.data.leads.length > 0 && (
            <>
              <ul className={ops.itemList} aria-label="Leads, newest first" aria-busy={leads.isFetching}>
                {leads.data.leads.map((lead) => (
                  <li key={lead.id}>
                    <LeadItem lead={lead} selected={lead.id === selectedId} onOpen={() => update({ lead: lead.id })} />
                  </li>
                ))}
              </ul>
              <Pager page={filters.page} pageSize={LEADS_PAGE_SIZE} total={leads.data.total} noun="lead" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </div>
        {selectedId && <LeadDetail key={selectedId} id={selectedId} staff={staff} onClose={() => update({ lead: undefined })} />}
      </div>

      <Conversion period={period} onPeriod={(next) => update(next)} />
    </section>
  );
}

function StageCounts({ counts, onStage }: { counts: LeadListResponse['stageCounts']; onStage: (stage: LeadStage) => void }) {
  return (
    <ul className={page.stages} aria-label="Leads in each stage">
      {LEAD_STAGES.map((stage) => (
        <li key={stage}>
          <button type="button" className={page.stage} onClick={() => onStage(stage)}>
            <span>{LEAD_STAGE_LABELS[stage]}</span>
            <strong>{counts[stage]}</strong>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Conversion({ period, onPeriod }: { period: { from: string; to: string }; onPeriod: (period: { from: string; to: string }) => void }) {
  const conversion = useConversion(period);
  const form = useZodForm(leadConversionQuerySchema, period);
  return (
    <section aria-labelledby="conversion-title" className={page.conversion}>
      <h2 id="conversion-title" className={page.sectionTitle}>
        Conversion
      </h2>
      <Form form={form} className={styles.filters} onSubmit={(values) => onPeriod({ from: values.from ?? '', to: values.to ?? '' })} aria-label="Period">
        <TextField name="from" label="Leads arrived from" type="date" />
        <TextField name="to" label="to" type="date" />
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Show
          </button>
        </div>
      </Form>
      {conversion.isPending && <ListLoading label="Counting conversion…" />}
      {conversion.isError && <ListError query={conversion} />}
      {conversion.isSuccess && <ConversionFigures data={conversion.data} />}
    </section>
  );
}

function ConversionFigures({ data }: { data: LeadConversionResponse }) {
  const { total } = data;
  const bySource = data.bySource.map((row) => ({ ...row, label: LEAD_SOURCE_LABELS[row.key as keyof typeof LEAD_SOURCE_LABELS] ?? row.key }));
  const byReferrer = data.byReferrer.map((row) => ({ ...row, label: row.key === '' ? 'No referrer' : row.organisation ? `${row.organisation} (${row.key})` : row.key }));
  return (
    <>
      <p role="status">
        {formatDate(data.from)} to {formatDate(data.to)}: {plural(total.leads, 'lead')} arrived, {total.won} won, {total.open} open, {total.lost} lost.
      </p>
      <div className={page.chartPair}>
        <div>
          <h3>By source</h3>
          <ConversionBars groups={bySource} label="Leads by source: won, open and lost" />
        </div>
        <ConversionTable groups={bySource} caption="Conversion by source" groupHeading="Source" />
      </div>
      <div className={page.chartPair}>
        <div>
          <h3>By referrer</h3>
          {byReferrer.length === 0 ? <p className={styles.muted}>No leads arrived in this period.</p> : <ConversionBars groups={byReferrer} label="Leads by referrer: won, open and lost" />}
        </div>
        {byReferrer.length > 0 && <ConversionTable groups={byReferrer} caption="Conversion by referrer" groupHeading="Referrer" />}
      </div>
    </>
  );
}

function LeadItem({ lead, selected, onOpen }: { lead: Lead; selected: boolean; onOpen: () => void }) {
  return (
    <ListItemButton title={lead.name} status={LEAD_STAGE_LABELS[lead.stage]} tone={stageTone(lead.stage)} selected={selected} onOpen={onOpen}>
      <span>
        {lead.email} · {lead.sources.map((source) => LEAD_SOURCE_LABELS[source]).join(', ')}
        {lead.referrerCode ? ` · referrer ${lead.referrerCode}` : ''}
      </span>
      <span className={styles.muted}>
        Arrived {formatDate(lead.createdAt)} · {lead.owner ? `owner ${lead.owner.name}` : 'no owner'}
        {lead.nextFollowUpOn ? ` · follow up ${formatDate(lead.nextFollowUpOn)}` : ''}
      </span>
    </ListItemButton>
  );
}

function LeadDetail({ id, staff, onClose }: { id: string; staff: LeadListResponse['staff']; onClose: () => void }) {
  const detail = useLead(id);
  const [notice, setNotice] = useState<string>();
  if (detail.isPending) return <ListLoading label="Loading the lead…" />;
  if (detail.isError) return <ListError query={detail} fallback="The lead could not be loaded. Check your connection and try again." />;
  const { lead, events } = detail.data;
  return (
    <article className={ops.detail} aria-labelledby="lead-title">
      <DetailHeading id="lead-title" title={lead.name} onClose={onClose} notice={notice} />
      <dl className={`${ops.facts} ${page.facts}`}>
        <div>
          <dt>Stage</dt>
          <dd>
            {LEAD_STAGE_LABELS[lead.stage]}
            {lead.lostReason ? `: ${lead.lostReason}` : ''}
            {lead.wonAt ? ` on ${formatDate(lead.wonAt)}` : ''}
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{lead.email}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{lead.phone ?? '—'}</dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>{lead.sources.map((source) => LEAD_SOURCE_LABELS[source]).join(', ')}</dd>
        </div>
        <div>
          <dt>Referrer</dt>
          <dd>{lead.referrerCode ? `${lead.referrerOrganisation ?? ''} (${lead.referrerCode})`.trim() : '—'}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{lead.owner?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Next follow-up</dt>
          <dd>{lead.nextFollowUpOn ? formatDate(lead.nextFollowUpOn) : '—'}</dd>
        </div>
        <div>
          <dt>Arrived</dt>
          <dd>{formatDate(lead.createdAt)}</dd>
        </div>
      </dl>

      <LeadUpdateForm key={lead.updatedAt} lead={lead} staff={staff} onDone={setNotice} />

      <h3>History</h3>
      <ol className={ops.messages}>
        {events.map((event) => (
          <li key={event.id} className={ops.message} data-staff={event.actorName !== null}>
            <span className={styles.muted}>
              {event.kind === 'source' && event.source ? LEAD_SOURCE_LABELS[event.source] : event.kind === 'note' ? 'Note' : event.kind === 'won' ? 'Won' : 'Stage'}
              {event.actorName ? ` · ${event.actorName}` : ''} · {formatDateTime(event.createdAt)}
            </span>
            <p>{event.text}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** Stage (with the reason when lost), owner, next follow-up and a note, saved together. */
function LeadUpdateForm({ lead, staff, onDone }: { lead: Lead; staff: LeadListResponse['staff']; onDone: (notice: string | undefined) => void }) {
  const updateLead = useUpdateLead(lead.id);
  const won = lead.stage === 'won';
  const form = useZodForm(leadUpdateSchema, {
    ...(won ? {} : { stage: lead.stage as (typeof STAFF_LEAD_STAGES)[number] }),
    lostReason: lead.lostReason ?? '',
    ownerId: lead.owner?.id ?? '',
    nextFollowUpOn: lead.nextFollowUpOn ?? '',
    note: '',
  });
  const stage = form.watch('stage');
  const submit = async (values: Parameters<typeof updateLead.mutateAsync>[0]) => {
    onDone(undefined);
    await updateLead.mutateAsync(values);
    onDone('The lead is saved.');
  };
  return (
    <Form form={form} className={ops.form} onSubmit={submit} failureMessage={FAILED} aria-labelledby="lead-update-title">
      <h3 id="lead-update-title">Update the lead</h3>
      <FormError />
      {won && <p className={styles.muted}>Won: its person has submitted an application. You can still set the owner, the follow-up date and write notes.</p>}
      <FormRow>
        {!won && <SelectField name="stage" label="Stage" options={STAFF_LEAD_STAGES.map((value) => ({ value, label: LEAD_STAGE_LABELS[value] }))} />}
        <SelectField name="ownerId" label="Owner" options={[{ value: '', label: 'Nobody yet' }, ...staff.map((member) => ({ value: member.id, label: member.name }))]} />
        <TextField name="nextFollowUpOn" label="Next follow-up" type="date" />
      </FormRow>
      {stage === 'lost' && <TextField name="lostReason" label="Why was it lost?" maxLength={LEAD_LIMITS.lostReason} />}
      <TextareaField name="note" label="Note (optional)" rows={3} maxLength={LEAD_LIMITS.note} />
      <div>
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          Save
        </button>
      </div>
    </Form>
  );
}
