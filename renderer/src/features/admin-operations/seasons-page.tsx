/**
 * /admin/seasons (docs/seasons.md): the seasons staff have opened, newest first, with their dates,
 * whether each is open, upcoming or closed, and its applications; opening the next season with its
 * dates, and moving the dates of one not yet open.
 */
import { useState } from 'react';
import { openSeasonInputSchema, seasonDatesInputSchema, type SeasonView } from '@shared/contracts/seasons';
import { SEASON_STANDING_LABELS } from '@shared/domain/protection/seasons';
import { formatLongDate } from '@shared/format';
import { AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import admin from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, SubmitOrCancel, useZodForm } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { useChangeSeason, useOpenSeason, useSeasons } from './api/seasons';
import { useFocusReturn } from '../../lib/use-focus-return';

const STANDING_TONES: Record<SeasonView['standing'], string> = { open: 'success', upcoming: 'info', closed: 'neutral' };

export default function SeasonsPage() {
  const seasons = useSeasons();
  const [opening, setOpening] = useState(false);
  const openButton = useFocusReturn<HTMLButtonElement>(opening);
  return (
    <section>
      <AdminPageHeader title="Seasons">
        Each season opens on the day staff set: from then every quote and application is for it, until the next season opens. Its cover ends on the day set here, which members see on their protection,
        certificates and reminders.
      </AdminPageHeader>
      {seasons.isPending && <ListLoading label="Loading seasons…" />}
      {seasons.isError && <ListError query={seasons} fallback="The seasons could not be loaded. Check your connection and try again." />}
      {seasons.isSuccess && (
        <>
          {opening ? (
            <OpenSeasonForm proposal={seasons.data.proposal} onDone={() => setOpening(false)} />
          ) : (
            <p>
              <button ref={openButton} type="button" className="button button-primary" onClick={() => setOpening(true)}>
                Open the {seasons.data.proposal.year} season
              </button>
            </p>
          )}
          <ul className={ops.itemList} aria-label="Seasons, newest first">
            {seasons.data.seasons.map((season) => (
              <li key={season.year}>
                <SeasonCard season={season} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SeasonCard({ season }: { season: SeasonView }) {
  const [changing, setChanging] = useState(false);
  const changeButton = useFocusReturn<HTMLButtonElement>(changing);
  return (
    <article className={ops.detail} aria-label={`The ${season.year} season`}>
      <div className={ops.itemTop}>
        <strong>The {season.year} season</strong>
        <span className={admin.badge} data-tone={STANDING_TONES[season.standing]}>
          {SEASON_STANDING_LABELS[season.standing]}
        </span>
      </div>
      <dl className={ops.facts}>
        <div>
          <dt>Opens</dt>
          <dd>{formatLongDate(season.opensOn)}</dd>
        </div>
        <div>
          <dt>Cover ends</dt>
          <dd>{formatLongDate(season.coverEndsOn)}</dd>
        </div>
        <div>
          <dt>Applications</dt>
          <dd>{season.applications}</dd>
        </div>
      </dl>
      {season.standing === 'upcoming' &&
        (changing ? (
          <ChangeSeasonForm season={season} onDone={() => setChanging(false)} />
        ) : (
          <button ref={changeButton} type="button" className="button" onClick={() => setChanging(true)}>
            Change the dates of {season.year}
          </button>
        ))}
    </article>
  );
}

function OpenSeasonForm({ proposal, onDone }: { proposal: { year: number; opensOn: string; coverEndsOn: string }; onDone: () => void }) {
  const open = useOpenSeason();
  const form = useZodForm(openSeasonInputSchema, proposal);
  return (
    <Form
      form={form}
      opensInPlace
      className={admin.panel}
      aria-label="Open a season"
      failureMessage="The season could not be opened. Check your connection and try again."
      onSubmit={async (values) => {
        await open.mutateAsync(values);
        onDone();
      }}
    >
      <h2>Open a season</h2>
      <p className={admin.muted}>From its opening day every new quote is for this season, and members see its last day of cover.</p>
      <FormError />
      <FormRow>
        <TextField name="year" label="Season (the crop’s year)" type="number" min="2000" max="2100" step="1" />
        <TextField name="opensOn" label="Opens on" type="date" />
        <TextField name="coverEndsOn" label="Cover ends on" type="date" />
      </FormRow>
      <SubmitOrCancel className={admin.panelActions} busy="Opening…" label="Open the season" onCancel={onDone} />
    </Form>
  );
}

function ChangeSeasonForm({ season, onDone }: { season: SeasonView; onDone: () => void }) {
  const change = useChangeSeason(season.year);
  const form = useZodForm(seasonDatesInputSchema, { opensOn: season.opensOn, coverEndsOn: season.coverEndsOn });
  return (
    <Form
      form={form}
      opensInPlace
      className={admin.panel}
      aria-label={`Dates of the ${season.year} season`}
      failureMessage="The dates could not be changed. Check your connection and try again."
      onSubmit={async (values) => {
        await change.mutateAsync(values);
        onDone();
      }}
    >
      <FormError />
      <FormRow>
        <TextField name="opensOn" label="Opens on" type="date" />
        <TextField name="coverEndsOn" label="Cover ends on" type="date" />
      </FormRow>
      <SubmitOrCancel className={admin.panelActions} busy="Saving…" label="Save the dates" onCancel={onDone} />
    </Form>
  );
}
