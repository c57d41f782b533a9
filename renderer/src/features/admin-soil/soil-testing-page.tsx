/**
 * /admin/soil-testing-poc: the soil-testing pilot (docs/soil-testing.md). Staff pick a member and
 * see their paddocks on the map coloured by a chosen measure with each paddock's history, enter a
 * sample by hand or import a lab's CSV through the mapping screen; below, every sample of the
 * pilot, filtered and paged on the server, and the CSV export of what the filters match.
 */
import { useState } from 'react';
import { soilSampleInputSchema, soilSampleListQuerySchema, type SoilFarmView, type SoilSampleView } from '@shared/contracts/soil';
import { soilEndpoints } from '@shared/endpoints/soil';
import { formatDate } from '@shared/format';
import { AdminPageHeader, FilterForm, ListEmpty, ListError, ListLoading, Pager } from '../../components/admin/admin-ui';
import adminStyles from '../../components/admin/admin.module.css';
import { useUrlFilters } from '../../components/admin/use-url-filters';
import { SoilFarmPanel } from '../../components/soil/soil-farm-panel';
import { blankSoilSample, SoilSampleFields } from '../../components/soil/soil-sample-fields';
import { SoilSamplesTable } from '../../components/soil/soil-samples-table';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import formStyles from '../../components/ui/form/form.module.css';
import { endpointUrl } from '../../lib/api-client';
import { ApiFileLink } from '../../lib/api-files';
import { failureMessage } from '../../lib/react-query';
import { useCreateSample } from './api/create-sample';
import { useDeleteSample } from './api/delete-sample';
import { useMembers } from '../../api/get-members';
import { useMemberFarm } from './api/get-member-farm';
import { sampleFilterParams, SAMPLES_PAGE_SIZE, useSamples } from './api/get-samples';
import { ImportSection } from './import-section';
import styles from './admin-soil.module.css';

const filterSchema = soilSampleListQuerySchema.pick({ paddock: true, lab: true, from: true, to: true });

export default function SoilTestingPage() {
  const { params, page, update, filter } = useUrlFilters();
  const memberId = params.get('member') ?? '';
  const filters = { memberId, paddock: params.get('paddock') ?? '', lab: params.get('lab') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '', page };
  return (
    <section>
      <AdminPageHeader title="Soil testing (pilot)">
        Soil tests per paddock, entered by hand or imported from a lab’s CSV, on the member’s map and as each paddock’s history. They help judge whether a declared yield is plausible.
      </AdminPageHeader>
      <MemberPicker memberId={memberId} onPick={(id) => filter({ member: id })} />
      {memberId && <MemberSoil memberId={memberId} />}
      <SamplesSection filters={filters} onFilter={filter} onPage={(next) => update({ page: String(next) })} />
    </section>
  );
}

function MemberPicker({ memberId, onPick }: { memberId: string; onPick: (id: string) => void }) {
  const [search, setSearch] = useState<string | null>(null);
  const members = useMembers({ search: search ?? '', pageSize: 10 }, { enabled: search !== null });
  return (
    <section aria-labelledby="soil-member-heading" className={styles.section}>
      <h2 id="soil-member-heading">Member</h2>
      <form
        className={styles.picker}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(String(new FormData(event.currentTarget).get('member-search') ?? '').trim());
        }}
      >
        <div className={formStyles.field}>
          <label htmlFor="soil-member-search" className={formStyles.label}>
            Find a member by name, e-mail or business
          </label>
          <input id="soil-member-search" name="member-search" type="search" className={formStyles.input} maxLength={100} />
        </div>
        <button type="submit" className="button button-primary">
          Find
        </button>
        {memberId && (
          <button type="button" className="button" onClick={() => onPick('')}>
            Show every member
          </button>
        )}
      </form>
      {search !== null && members.isPending && <ListLoading label="Looking for members…" />}
      {search !== null && members.isError && <ListError query={members} />}
      {search !== null && members.isSuccess && members.data.members.length === 0 && <ListEmpty>No member matches “{search}”.</ListEmpty>}
      {search !== null && members.isSuccess && members.data.members.length > 0 && (
        <ul className={styles.matches} aria-label="Members found">
          {members.data.members.map((member) => (
            <li key={member.id}>
              <button
                type="button"
                className="button"
                aria-pressed={member.id === memberId}
                onClick={() => {
                  onPick(member.id);
                  setSearch(null);
                }}
              >
                {member.name} <span className={adminStyles.muted}>{member.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberSoil({ memberId }: { memberId: string }) {
  const farm = useMemberFarm(memberId);
  if (farm.isPending) return <ListLoading label="Loading the member’s paddocks…" />;
  if (farm.isError) return <ListError query={farm} />;
  const { memberName, paddocks, samples } = farm.data;
  return (
    <>
      <section aria-labelledby="soil-farm-heading" className={styles.section}>
        <h2 id="soil-farm-heading">{memberName}’s paddocks</h2>
        {paddocks.length === 0 ? (
          <ListEmpty>{memberName} has no paddocks yet: they appear once the member keeps a farm or applies for protection.</ListEmpty>
        ) : (
          <>
            <p className={adminStyles.muted}>
              {paddocks.length} paddocks, {samples.length} samples{samples.length > 0 ? `, the latest taken ${formatDate(samples[samples.length - 1]!.sampleDate)}` : ''}.
            </p>
            <SoilFarmPanel farm={farm.data} mapLabel={`Map of ${memberName}’s paddocks`} />
          </>
        )}
      </section>
      {paddocks.length > 0 && <EntrySection farm={farm.data} memberId={memberId} />}
      {paddocks.length > 0 && <ImportSection memberId={memberId} memberName={memberName} />}
    </>
  );
}

function EntrySection({ farm, memberId }: { farm: SoilFarmView; memberId: string }) {
  const create = useCreateSample(memberId);
  const form = useZodForm(soilSampleInputSchema, blankSoilSample());
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <section aria-labelledby="soil-entry-heading" className={styles.section}>
      <h2 id="soil-entry-heading">Enter a sample</h2>
      <Form
        form={form}
        aria-labelledby="soil-entry-heading"
        failureMessage="The sample could not be saved. Check your connection and try again."
        onSubmit={async (input) => {
          setSaved(null);
          const { sample } = await create.mutateAsync(input);
          // The next sample is most often the same lab and day, another paddock or depth.
          form.reset({ ...blankSoilSample(), lab: sample.lab, sampleDate: sample.sampleDate });
          setSaved(`Saved the ${formatDate(sample.sampleDate)} sample of ${sample.paddockName}.`);
        }}
      >
        <SoilSampleFields paddocks={farm.paddocks.map((paddock) => paddock.name)} />
        <FormError />
        <div className={styles.formActions}>
          <SubmitButton label="Save the sample" busy="Saving…" />
          {saved && <span role="status">{saved}</span>}
        </div>
      </Form>
    </section>
  );
}

type Filters = { memberId: string; paddock: string; lab: string; from: string; to: string; page: number };

function SamplesSection({ filters, onFilter, onPage }: { filters: Filters; onFilter: (changes: Record<string, string | undefined>) => void; onPage: (page: number) => void }) {
  const samples = useSamples(filters);
  const remove = useDeleteSample();
  const form = useZodForm(filterSchema, { paddock: filters.paddock, lab: filters.lab, from: filters.from, to: filters.to });
  const deleteSample = (sample: SoilSampleView) => {
    if (window.confirm(`Delete the ${formatDate(sample.sampleDate)} sample of ${sample.paddockName} (${sample.memberName})?`)) remove.mutate(sample);
  };
  return (
    <section aria-labelledby="soil-samples-heading" className={styles.section}>
      <h2 id="soil-samples-heading">{filters.memberId ? 'This member’s samples' : 'Every sample'}</h2>
      <FilterForm
        form={form}
        onSubmit={(values) => onFilter({ paddock: values.paddock, lab: values.lab, from: values.from, to: values.to })}
        actions={
          <ApiFileLink className="button" path={endpointUrl(soilEndpoints.samplesCsv, { query: sampleFilterParams(filters) })} fileName="soil-samples.csv">
            Export CSV
          </ApiFileLink>
        }
      >
        <FormRow>
          <TextField name="paddock" label="Paddock" type="search" />
          <TextField name="lab" label="Lab" type="search" />
          <TextField name="from" label="Sampled from" type="date" />
          <TextField name="to" label="Sampled to" type="date" />
        </FormRow>
      </FilterForm>
      {remove.isError && (
        <p className={adminStyles.error} role="alert">
          {failureMessage(remove.error)}
        </p>
      )}
      {samples.isPending && <ListLoading label="Loading samples…" />}
      {samples.isError && <ListError query={samples} />}
      {samples.isSuccess && samples.data.samples.length === 0 && <ListEmpty>No samples match. Enter one above or import a lab’s CSV.</ListEmpty>}
      {samples.isSuccess && samples.data.samples.length > 0 && (
        <>
          <SoilSamplesTable samples={samples.data.samples} caption="Soil samples, newest first" showMember onDelete={deleteSample} busy={samples.isFetching} />
          <Pager page={filters.page} pageSize={SAMPLES_PAGE_SIZE} total={samples.data.total} noun="sample" onPage={onPage} />
        </>
      )}
    </section>
  );
}
