/**
 * /dashboard/paddocks: 'Your Farm' — the paddocks and crops on the map and in a table, edited
 * between seasons — and for brokers 'Your Clients': each client's farm, quotes, protections and
 * claims, with a way into their records and to start a quote for them, and the clients due to renew.
 */
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { get, type RegisterOptions, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { cropName } from '@shared/domain/pricing/crop-name';
import { type ClientView, type FarmPaddockInput, type FarmPaddockView, farmPaddocksInputSchema, type farmSchema } from '@shared/contracts/dashboard';
import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from '@shared/domain/claims/claims';
import { farmPaddockCover, PROTECTION_STAGE_LABELS, PROTECTION_STAGE_TONES } from '@shared/domain/protection/lifecycle';
import { DEFAULT_INSURABLE_CROPS } from '@shared/constants';
import { newPaddocks, withBoundary, withoutBoundary } from '@shared/domain/geo/farm-boundaries';
import type { PaddockGeometry } from '@shared/domain/geo/geometry';
import { isPaddockGeometry } from '@shared/paddock-geometry';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { failureMessage } from '../../lib/react-query';
import { useClients } from './api/get-clients';
import { useFarm } from './api/get-farm';
import { useProtections } from '../../api/get-protections';
import { useSaveFarm } from './api/save-farm';
import type { RecordScope } from '../../api/scope';
import { useStartNextSeason } from './api/start-next-season';
import { ClientsUnderAlerts } from './clients-under-alerts';
import { ClientsDueToRenew } from './clients-due';
import { ClientScopeBar, MemberLink, useMemberScope } from './member-scope';
import { SoilResultsSection } from './soil/soil-results-section';
import PaddockMap, { hasMappedPaddocks } from './paddock-map';
import { FarmBoundariesEditor } from './farm-boundaries-editor';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import styles from './dashboard.module.css';
import { formatHectares, plural } from '@shared/format';

export default function PaddocksPage() {
  const { isBroker, memberId } = useMemberScope();
  if (isBroker && !memberId) return <ClientsView />;
  return <FarmView />;
}

function ClientsView() {
  const { setMember, scope, isBroker } = useMemberScope();
  const clients = useClients(scope.viewerId, isBroker);
  return (
    <div className={styles.page}>
      <PageHeader title="Your Clients" intro="The growers you look after: their farm, quotes, protections and claims. Open a client to work on their records." />
      {clients.isPending && <LoadingState label="Loading your clients" />}
      {clients.isError && <ErrorState title="Your clients could not be loaded" query={clients} />}
      {clients.isSuccess &&
        (clients.data.clients.length === 0 ? (
          <EmptyState icon="people" title="No clients yet">
            <p>Growers appear here once you are recorded as their broker. Ask us to link a grower to your account.</p>
          </EmptyState>
        ) : (
          <>
            <ClientsUnderAlerts clients={clients.data.clients} />
            <ClientsDueToRenew clients={clients.data.clients} seasonYear={clients.data.season.year} viewerId={scope.viewerId} />
            <ul className={styles.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your clients" data-testid="clients-list">
              {clients.data.clients.map((client) => (
                <li key={client.id}>
                  <ClientCard client={client} onOpen={() => setMember(client.id)} />
                </li>
              ))}
            </ul>
          </>
        ))}
    </div>
  );
}

function ClientCard({ client, onOpen }: { client: ClientView; onOpen: () => void }) {
  return (
    <article className={styles.card} aria-labelledby={`client-${client.id}`} data-testid="client-card">
      <h2 id={`client-${client.id}`}>{client.name}</h2>
      <p className={styles.muted}>
        {client.businessName ? `${client.businessName} · ` : ''}
        <a href={`mailto:${client.email}`}>{client.email}</a>
        {client.phone ? ` · ${client.phone}` : ''}
      </p>
      <dl className={styles.dl}>
        <dt>Farm</dt>
        <dd>{client.farm.paddocks === 0 ? 'Not mapped yet' : `${plural(client.farm.paddocks, 'paddock')}, ${formatHectares(client.farm.areaHa)}`}</dd>
        <dt>Quotes</dt>
        <dd>
          {client.quotes.drafts} in progress, {client.quotes.savedEstimates} saved
        </dd>
        <dt>Protections</dt>
        <dd>
          {client.protections.length === 0
            ? 'None'
            : client.protections.map((p) => (
                <span key={p.id} style={{ display: 'block' }}>
                  {p.season} {p.coverageDescription} <StatusBadge tone={PROTECTION_STAGE_TONES[p.stage]}>{PROTECTION_STAGE_LABELS[p.stage]}</StatusBadge> <Money cents={p.totalPayableCents} />
                </span>
              ))}
        </dd>
        <dt>Claims</dt>
        <dd>
          {client.claims.length === 0
            ? 'None'
            : client.claims.map((c) => (
                <span key={c.id} style={{ display: 'block' }}>
                  {c.reference} <StatusBadge tone={CLAIM_STATUS_TONES[c.status]}>{CLAIM_STATUS_LABELS[c.status]}</StatusBadge>
                </span>
              ))}
        </dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={onOpen}>
          Farm and paddocks
        </button>
        <MemberLink className="button" to={`/dashboard?member=${encodeURIComponent(client.id)}`}>
          Dashboard
        </MemberLink>
        <MemberLink className="button button-primary" to={`/quote?customerId=${encodeURIComponent(client.id)}`}>
          Start a quote
        </MemberLink>
      </div>
    </article>
  );
}

type FarmValues = { paddocks: FarmPaddockInput[] };
type Farm = z.output<typeof farmSchema>;

const toInput = (p: FarmPaddockView): FarmPaddockInput => ({
  id: p.id,
  name: p.name,
  crop: p.crop,
  variety: p.variety,
  areaHa: p.areaHa,
  expectedYield: p.expectedYield,
  pricePerTonne: p.pricePerTonne,
  hurdlePercentage: p.hurdlePercentage,
  geometry: p.geometry as FarmPaddockInput['geometry'],
  notes: p.notes,
});
const farmValues = (farm: Farm): FarmValues => ({ paddocks: farm.paddocks.map(toInput) });

function FarmView() {
  const { memberId, scope, isBroker, canChange } = useMemberScope();
  const farm = useFarm(scope);
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      {farm.isSuccess ? (
        // A new member in scope is a new form, started from their farm.
        <>
          <FarmForm key={`${scope.viewerId}:${memberId ?? 'self'}`} farm={farm.data} scope={scope} isBroker={isBroker} canChange={canChange} />
          <SoilResultsSection scope={scope} canChange={canChange} />
        </>
      ) : (
        <>
          <FarmHeader isBroker={isBroker} />
          {farm.isPending && <LoadingState label="Loading your farm" />}
          {farm.isError && <ErrorState title="Your farm could not be loaded" query={farm} />}
        </>
      )}
    </div>
  );
}

function FarmHeader({ isBroker, actions }: { isBroker: boolean; actions?: ReactNode }) {
  return (
    <PageHeader title={isBroker ? 'Your Clients' : 'Your Farm'} intro="Your paddocks and what is sown in them. Keep them up to date between seasons; next season’s quote starts from here." actions={actions} />
  );
}

const blankPaddock = (name: string, areaHa: number): FarmPaddockInput => ({
  name,
  areaHa,
  crop: null,
  variety: null,
  expectedYield: null,
  pricePerTonne: null,
  hurdlePercentage: null,
  geometry: null,
  notes: null,
});

/** The farm's paddocks as one form checked by farmPaddocksInputSchema, the schema PUT /api/farm/paddocks parses with. */
function FarmForm({ farm, scope, isBroker, canChange }: { farm: Farm; scope: RecordScope; isBroker: boolean; canChange: boolean }) {
  const navigate = useNavigate();
  const { quotePath } = useMemberScope();
  const form = useZodForm(farmPaddocksInputSchema, farmValues(farm));
  const rows = useFieldArray({ control: form.control, name: 'paddocks', keyName: 'key' });
  const paddocks = useWatch({ control: form.control, name: 'paddocks' }) ?? [];
  const saveFarm = useSaveFarm(scope);
  const protections = useProtections(scope);
  const startNextSeason = useStartNextSeason(scope.viewerId);
  const dirty = form.formState.isDirty;
  const [editingMap, setEditingMap] = useState(false);
  // Where the farm is comes from the latest application (Your Farm keeps paddocks, not the farm's place).
  const latest = protections.data?.protections[0];
  // A boundary drawn, redrawn or deleted on the map changes its row of the form (shared/domain/geo/farm-boundaries.ts).
  const boundaryOf = (index: number) => {
    const paddock = form.getValues(`paddocks.${index}`);
    return { name: paddock.name, areaHa: Number(paddock.areaHa) || 0, geometry: isPaddockGeometry(paddock.geometry) ? paddock.geometry : null };
  };
  const setBoundary = (key: string, geometry: PaddockGeometry | null) => {
    const index = rows.fields.findIndex((row) => row.key === key);
    if (index < 0) return;
    const next = geometry ? withBoundary(boundaryOf(index), geometry) : withoutBoundary(boundaryOf(index));
    form.setValue(`paddocks.${index}.geometry`, next.geometry, { shouldDirty: true });
    form.setValue(`paddocks.${index}.areaHa`, next.areaHa, { shouldDirty: true, shouldValidate: true });
  };
  const addShapes = (shapes: ReadonlyArray<{ name?: string; geometry: PaddockGeometry }>) =>
    rows.append(
      newPaddocks(
        rows.fields.map((_, index) => boundaryOf(index)),
        shapes,
      ).map((paddock) => ({ ...blankPaddock(paddock.name, paddock.areaHa), geometry: paddock.geometry })),
    );
  const mapPaddocks = rows.fields.map((row, index) => {
    const paddock = paddocks[index] ?? row;
    return { id: row.key, paddock };
  });
  const nextSeason = () =>
    startNextSeason.mutate(
      { paddocks: farm.paddocks, farm: { zone: latest?.zoneCode, address: latest?.farm.address, location: latest?.farm.location } },
      { onSuccess: (wizardPath) => void navigate(wizardPath) },
    );

  return (
    <>
      <FarmHeader
        isBroker={isBroker}
        actions={
          !scope.memberId &&
          farm.paddocks.length > 0 && (
            <button type="button" className="button button-primary" onClick={nextSeason} disabled={startNextSeason.isPending || dirty}>
              {startNextSeason.isPending ? 'Starting…' : 'Start next season’s quote'}
            </button>
          )
        }
      />
      {startNextSeason.isError && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(startNextSeason.error, 'The new quote could not be started. Check your connection and try again.')}
        </p>
      )}
      {farm.source === 'none' && rows.fields.length === 0 && (
        <EmptyState
          title="No paddocks yet"
          action={
            <div className={styles.actions}>
              <MemberLink className="button button-primary" to={quotePath}>
                Map your farm in a quote
              </MemberLink>
              {canChange && (
                <>
                  <button type="button" className="button" onClick={() => setEditingMap(true)}>
                    Draw paddocks on the map
                  </button>
                  <button type="button" className="button" onClick={() => rows.append(blankPaddock('Main Paddock', 100))}>
                    Add a paddock by hand
                  </button>
                </>
              )}
            </div>
          }
        >
          <p>Draw your paddocks on the map in a quote or here, or list them here with their areas.</p>
        </EmptyState>
      )}
      {editingMap && (
        <FarmBoundariesEditor
          paddocks={mapPaddocks.map(({ id, paddock }) => ({
            id,
            name: paddock.name,
            area: Number(paddock.areaHa) || 0,
            geometry: paddock.geometry,
            isGroup: false,
            isExcluded: false,
          }))}
          farmLocation={latest?.farm.location ?? undefined}
          onAdded={addShapes}
          onRedrawn={setBoundary}
          onDeleted={(key) => setBoundary(key, null)}
          onDone={() => setEditingMap(false)}
        />
      )}
      {rows.fields.length > 0 && (
        <>
          {farm.source === 'protection' && !dirty && canChange && (
            <p className={`${styles.notice} ${styles.noticeWarning}`}>These are the paddocks of your latest protection. Change what you need and save to keep them as your farm.</p>
          )}
          {!editingMap && hasMappedPaddocks(paddocks) && (
            <PaddockMap
              label="Map of your paddocks"
              paddocks={mapPaddocks.map(({ id, paddock }) => ({
                id,
                name: paddock.name,
                geometry: paddock.geometry,
                detail: `${paddock.crop ? cropName(paddock.crop) : 'No crop'} · ${formatHectares(Number(paddock.areaHa) || 0)}`,
                tone: farmPaddockCover(paddock.name, protections.data?.protections ?? []),
              }))}
            />
          )}
          {!editingMap && canChange && (
            <div className={styles.actions}>
              <button type="button" className="button" onClick={() => setEditingMap(true)}>
                {hasMappedPaddocks(paddocks) ? 'Edit boundaries on the map' : 'Draw boundaries on the map'}
              </button>
            </div>
          )}
          <section className={styles.card} aria-labelledby="paddock-table">
            <h2 id="paddock-table">Paddocks and crops</h2>
            <Form
              form={form}
              aria-labelledby="paddock-table"
              failureMessage="The paddocks could not be saved. Check your connection and try again."
              onSubmit={async (input) => {
                form.reset(farmValues(await saveFarm.mutateAsync(input)));
              }}
            >
              {/* Read-level support shows the paddocks as they are: every field and button inside is off. */}
              <fieldset className="plain-fieldset" disabled={!canChange}>
                <datalist id="crop-names">
                  {DEFAULT_INSURABLE_CROPS.map((crop) => (
                    <option key={crop} value={crop} />
                  ))}
                </datalist>
                <div className={styles.tableWrap}>
                  <table className={`${styles.table} ${styles.stack}`}>
                    <thead>
                      <tr>
                        <th scope="col">Paddock</th>
                        <th scope="col">Crop</th>
                        <th scope="col" className={styles.number}>
                          Area (ha)
                        </th>
                        <th scope="col" className={styles.number}>
                          Yield (t/ha)
                        </th>
                        <th scope="col" className={styles.number}>
                          Price ($/t)
                        </th>
                        <th scope="col" className={styles.number}>
                          Hurdle (%)
                        </th>
                        <th scope="col">
                          <span className={styles.visuallyHidden}>Remove</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.fields.map((row, index) => {
                        const name = paddocks[index]?.name || `paddock ${index + 1}`;
                        return (
                          <tr key={row.key}>
                            <td data-label="Paddock">
                              <CellInput path={`paddocks.${index}.name`} label={`Name of paddock ${index + 1}`} />
                            </td>
                            <td data-label="Crop">
                              <CellInput path={`paddocks.${index}.crop`} label={`Crop in ${name}`} list="crop-names" options={{ setValueAs: emptyAsNull }} />
                            </td>
                            <td data-label="Area (ha)" className={styles.number}>
                              <CellInput path={`paddocks.${index}.areaHa`} label={`Area of ${name} in hectares`} type="number" min="0" step="0.1" options={{ valueAsNumber: true }} />
                            </td>
                            <td data-label="Yield (t/ha)" className={styles.number}>
                              <CellInput path={`paddocks.${index}.expectedYield`} label={`Expected yield of ${name}`} type="number" min="0" step="0.1" options={{ setValueAs: numberOrNull }} />
                            </td>
                            <td data-label="Price ($/t)" className={styles.number}>
                              <CellInput path={`paddocks.${index}.pricePerTonne`} label={`Price per tonne for ${name}`} type="number" min="0" step="5" options={{ setValueAs: numberOrNull }} />
                            </td>
                            <td data-label="Hurdle (%)" className={styles.number}>
                              <CellInput path={`paddocks.${index}.hurdlePercentage`} label={`Hurdle for ${name}`} type="number" min="0" max="100" step="5" options={{ setValueAs: numberOrNull }} />
                            </td>
                            <td data-label="">
                              <button type="button" className="button" onClick={() => rows.remove(index)} aria-label={`Remove ${name}`}>
                                Remove
                              </button>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                    <tfoot>
                      <tr>
                        <td data-label="Total">{rows.fields.length === 1 ? '1 paddock' : `${rows.fields.length} paddocks`}</td>
                        <td data-label="" />
                        <td data-label="Area" className={styles.number}>
                          {formatHectares(paddocks.reduce((sum, row) => sum + (Number(row.areaHa) || 0), 0))}
                        </td>
                        <td colSpan={4} data-label="" />
                      </tr>
                    </tfoot>
                  </table>
                </div>
                <FormError />
                <div className={styles.actions}>
                  <button type="button" className="button" onClick={() => rows.append(blankPaddock(`Paddock ${rows.fields.length + 1}`, 50))}>
                    Add a paddock
                  </button>
                  <button type="submit" className="button button-primary" disabled={form.formState.isSubmitting || (!dirty && farm.source === 'farm')}>
                    {form.formState.isSubmitting ? 'Saving…' : 'Save paddocks'}
                  </button>
                </div>
              </fieldset>
              {saveFarm.isSuccess && !dirty && (
                <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
                  Your paddocks are saved.
                </p>
              )}
            </Form>
          </section>
        </>
      )}
    </>
  );
}

const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** One cell of the paddock table: an input named by its label, with the schema's or the server's message under it. */
function CellInput({ path, label, options, ...input }: { path: string; label: string; options?: RegisterOptions } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { register, formState } = useFormContext();
  const error = get(formState.errors, path) as { message?: string } | undefined;
  const errorId = `${path}-error`;
  return (
    <>
      <input className={styles.cellInput} aria-label={label} aria-invalid={error?.message ? true : undefined} aria-describedby={error?.message ? errorId : undefined} {...input} {...register(path, options)} />
      {error?.message && (
        <span id={errorId} className={styles.fieldError}>
          {error.message}
        </span>
      )}
    </>
  );
}
