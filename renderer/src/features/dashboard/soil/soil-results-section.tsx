/**
 * The soil results on the member's farm page (/dashboard/paddocks, docs/soil-testing.md): the
 * paddocks coloured by a measure, each paddock's history, every sample as a table, and a form to add
 * a result from a lab report. Staff imports show here too. A broker of record sees and adds for
 * the client in scope.
 */
import { useState } from 'react';
import { type SoilFarmView, soilSampleInputSchema } from '@shared/contracts/soil';
import { formatDate } from '@shared/format';
import { SoilFarmPanel } from '../../../components/soil/soil-farm-panel';
import { blankSoilSample, SoilSampleFields } from '../../../components/soil/soil-sample-fields';
import { SoilSamplesTable } from '../../../components/soil/soil-samples-table';
import { Form, FormError, useZodForm, SubmitButton } from '../../../components/ui/form/form';
import { useFarm } from '../api/get-farm';
import type { RecordScope } from '../../../api/scope';
import { ErrorState, LoadingState } from '../ui';
import { useAddSoilResult } from './api/add-soil-result';
import { useSoilResults } from './api/get-soil-results';
import styles from '../dashboard.module.css';
import { useFocusReturn } from '../../../lib/use-focus-return';

export function SoilResultsSection({ scope, canChange }: { scope: RecordScope; canChange: boolean }) {
  const farm = useFarm(scope);
  const soil = useSoilResults(scope, farm.dataUpdatedAt);
  return (
    <section className={styles.card} aria-labelledby="soil-results">
      <h2 id="soil-results">Soil results</h2>
      {soil.isPending && <LoadingState label="Loading your soil results" rows={1} />}
      {soil.isError && <ErrorState title="Your soil results could not be loaded" query={soil} />}
      {soil.isSuccess && <SoilResults soil={soil.data} scope={scope} canChange={canChange} />}
    </section>
  );
}

function SoilResults({ soil, scope, canChange }: { soil: SoilFarmView; scope: RecordScope; canChange: boolean }) {
  const [adding, setAdding] = useState(false);
  const addButton = useFocusReturn<HTMLButtonElement>(adding);
  if (soil.paddocks.length === 0 && soil.samples.length === 0) return <p>Once your paddocks are saved above, you can record the soil tests of each one here.</p>;
  return (
    <>
      <p className={styles.muted}>Soil tests per paddock from your lab reports. They stay with the paddock’s name, so keep a paddock’s name the same from season to season.</p>
      {soil.samples.length === 0 ? <p>No soil results yet.</p> : <SoilFarmPanel farm={soil} mapLabel="Map of your paddocks coloured by soil result" />}
      {soil.samples.length > 0 && <SoilSamplesTable samples={[...soil.samples].reverse()} caption="Your soil samples, newest first" />}
      {adding ? (
        <AddResultForm paddocks={soil.paddocks.map((paddock) => paddock.name)} scope={scope} onDone={() => setAdding(false)} />
      ) : (
        canChange && (
          <div className={styles.actions}>
            <button ref={addButton} type="button" className="button button-primary" onClick={() => setAdding(true)} disabled={soil.paddocks.length === 0}>
              Add a soil result
            </button>
          </div>
        )
      )}
    </>
  );
}

function AddResultForm({ paddocks, scope, onDone }: { paddocks: readonly string[]; scope: RecordScope; onDone: () => void }) {
  const add = useAddSoilResult(scope);
  const form = useZodForm(soilSampleInputSchema, blankSoilSample(paddocks.length === 1 ? paddocks[0] : ''));
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Form
      form={form}
      opensInPlace
      aria-label="Add a soil result"
      failureMessage="The soil result could not be saved. Check your connection and try again."
      onSubmit={async (input) => {
        setSaved(null);
        const { sample } = await add.mutateAsync(input);
        form.reset({ ...blankSoilSample(), lab: sample.lab, sampleDate: sample.sampleDate });
        setSaved(`Saved the ${formatDate(sample.sampleDate)} result of ${sample.paddockName}.`);
      }}
    >
      <h3>Add a soil result</h3>
      <SoilSampleFields paddocks={paddocks} />
      <FormError />
      <div className={styles.actions}>
        <SubmitButton label="Save the result" busy="Saving…" />
        <button type="button" className="button" onClick={onDone}>
          Close
        </button>
      </div>
      {saved && (
        <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
          {saved}
        </p>
      )}
    </Form>
  );
}
