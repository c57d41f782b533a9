import { useState } from 'react';
import { type ExposureResponse, reserveFormSchema } from '@shared/contracts/risk-simulation';
import { formatCents, formatNumber } from '@shared/format';
import { AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import adminStyles from '../../components/admin/admin.module.css';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { useExposure } from './api/get-exposure';
import { useUpdateReserve } from './api/update-reserve';
import { EventSection } from './event-section';
import { RunsSection } from './runs-section';
import { SeasonSection } from './season-section';
import styles from './risk.module.css';

/** /admin/risk-simulation: the mutual's exposure, what an event would cost, Monte Carlo seasons against the reserve. */
export default function RiskSimulationPage() {
  const exposure = useExposure();
  const [runId, setRunId] = useState<string | null>(null);
  return (
    <section>
      <AdminPageHeader title="Risk simulation">
        The mutual’s exposure: the protected paddocks (applications accepted or active), what one hail storm or fire would cost after each paddock’s hurdle, and what a season of them might cost against the
        reserve.
      </AdminPageHeader>
      {exposure.isPending && <ListLoading label="Loading the protected paddocks…" />}
      {exposure.isError && <ListError query={exposure} />}
      {exposure.isSuccess && (
        <>
          <Exposure exposure={exposure.data} />
          <EventSection exposure={exposure.data} />
          <SeasonSection exposure={exposure.data} runId={runId} onRunStarted={setRunId} />
          <RunsSection
            onOpen={(id) => {
              setRunId(id);
              document.getElementById('risk-season-heading')?.scrollIntoView({ behavior: 'smooth' });
            }}
          />
        </>
      )}
    </section>
  );
}

function Exposure({ exposure }: { exposure: ExposureResponse }) {
  return (
    <div className={adminStyles.panelGrid}>
      <div>
        <p>
          <strong>{formatNumber(exposure.paddocks.length)}</strong> protected paddocks are on the map, {formatCents(exposure.protectedValueCents - exposure.unmapped.valueCents)} of value.
        </p>
        {exposure.unmapped.paddocks > 0 && (
          <p className={adminStyles.notice}>
            {formatNumber(exposure.unmapped.paddocks)} protected paddocks ({formatCents(exposure.unmapped.valueCents)}) have no mapped outline, so no event can be laid over them.
          </p>
        )}
      </div>
      <ReserveForm reserveCents={exposure.reserveCents} />
    </div>
  );
}

function ReserveForm({ reserveCents }: { reserveCents: number }) {
  const update = useUpdateReserve();
  const form = useZodForm(reserveFormSchema, { reserve: reserveCents / 100 });
  const [saved, setSaved] = useState(false);
  return (
    <Form
      form={form}
      aria-label="The mutual’s reserve"
      onSubmit={async ({ reserve }) => {
        setSaved(false);
        const answer = await update.mutateAsync(Math.round(reserve * 100));
        form.reset({ reserve: answer.reserveCents / 100 });
        setSaved(true);
      }}
    >
      <div className={styles.controls}>
        <TextField name="reserve" label="Reserve against claims ($)" type="number" min="0" step="1000" hint={`Now ${formatCents(reserveCents)}; season runs measure against it`} />
        <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting}>
          Save the reserve
        </button>
      </div>
      <FormError />
      {saved && <p role="status">Reserve saved: {formatCents(reserveCents)}.</p>}
    </Form>
  );
}
