/** /dashboard/reports: the season by paddock and by crop — value protected, contributions and claims — with a CSV download. */
import { useState } from 'react';
import { ApiFileLink } from '../../lib/api-files';
import { seasonReportCsvPath, useSeasonReport } from './api/get-season-report';
import { ClientScopeBar, useMemberScope } from './member-scope';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader } from './ui';
import styles from './dashboard.module.css';
import { cropName } from '@shared/domain/pricing/crop-name';
import { formatHectares, formatPercentRounded } from '@shared/format';
import type { SeasonReportView } from '@shared/contracts/dashboard';
import { BarList } from '../../components/charts/chart-frame';

export default function ReportsPage() {
  const { memberId, scope } = useMemberScope();
  const [season, setSeason] = useState<string | undefined>();
  const report = useSeasonReport(scope, season);
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title="Reports"
        intro="The season’s summary by paddock and by crop: value protected, contributions (before GST) and claims."
        actions={
          report.isSuccess &&
          report.data.byPaddock.length > 0 && (
            <ApiFileLink className="button button-primary" path={seasonReportCsvPath(memberId, report.data.season ?? undefined)}>
              Download CSV
            </ApiFileLink>
          )
        }
      />
      {report.isPending && <LoadingState label="Loading the season report" />}
      {report.isError && <ErrorState title="The report could not be loaded" query={report} />}
      {report.isSuccess && report.data.applicationsNotYetProtected > 0 && (
        <p className={`${styles.notice} ${styles.noticeWarning}`} data-testid="not-yet-protected">
          {report.data.applicationsNotYetProtected === 1 ? 'One application' : `${report.data.applicationsNotYetProtected} applications`} of this season{' '}
          {report.data.applicationsNotYetProtected === 1 ? 'is' : 'are'} not protected yet, so {report.data.applicationsNotYetProtected === 1 ? 'it is' : 'they are'} not in this report: cover starts when your
          first payment reaches us. See Protection for where {report.data.applicationsNotYetProtected === 1 ? 'it stands' : 'they stand'}.
        </p>
      )}
      {report.isSuccess &&
        (report.data.byPaddock.length === 0 ? (
          <EmptyState icon="report" title="No season to report on yet">
            <p>Once your protection has started, this page sums it up by paddock and crop, ready to download for your accountant or bank.</p>
          </EmptyState>
        ) : (
          <>
            {report.data.seasons.length > 1 && (
              <div className={styles.field} style={{ maxWidth: '14rem' }}>
                <label htmlFor="report-season">Season</label>
                <select id="report-season" value={report.data.season ?? ''} onChange={(e) => setSeason(e.target.value)}>
                  {report.data.seasons.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className={styles.grid}>
              <section className={styles.card}>
                <div className={styles.statLabel}>Value protected</div>
                <div className={styles.stat}>
                  <Money cents={report.data.totals.valueCents} />
                </div>
                <p className={styles.muted}>{formatHectares(report.data.totals.areaHa)}</p>
              </section>
              <section className={styles.card}>
                <div className={styles.statLabel}>Contributions (ex GST)</div>
                <div className={styles.stat}>
                  <Money cents={report.data.totals.contributionCents} />
                </div>
              </section>
              <section className={styles.card}>
                <div className={styles.statLabel}>Claims</div>
                <div className={styles.stat}>{report.data.totals.claims}</div>
                <p className={styles.muted}>
                  <Money cents={report.data.totals.claimedCents} /> estimated loss
                </p>
              </section>
            </div>
            <section className={styles.card} aria-labelledby="by-crop">
              <h2 id="by-crop">By crop</h2>
              {report.data.byCrop.length > 1 && <ValueByCrop rows={report.data.byCrop} totalCents={report.data.totals.valueCents} />}
              <ReportTable rows={report.data.byCrop.map((row) => ({ ...row, key: row.crop, label: cropName(row.crop) }))} firstColumn="Crop" totals={report.data.totals} />
            </section>
            <section className={styles.card} aria-labelledby="by-paddock">
              <h2 id="by-paddock">By paddock</h2>
              <ReportTable
                rows={report.data.byPaddock.map((row, index) => ({ ...row, key: `${index}`, label: `${row.paddock} · ${cropName(row.crop)}` }))}
                firstColumn="Paddock · crop"
                totals={report.data.totals}
              />
            </section>
            <p className={styles.muted}>In the CSV file, a name that starts with =, +, - or @ begins with an apostrophe, so your spreadsheet shows it as text and never runs it as a formula.</p>
          </>
        ))}
    </div>
  );
}

/** The value protected by crop as ranked bars, each with its amount and its share of the season's value (the table below holds every figure). */
function ValueByCrop({ rows, totalCents }: { rows: SeasonReportView['byCrop']; totalCents: number }) {
  const ranked = [...rows].sort((a, b) => b.valueCents - a.valueCents).map((row) => ({ ...row, name: cropName(row.crop) }));
  return (
    <>
      <h3 className={styles.chartHeading}>Value protected</h3>
      <BarList
        label="Value protected by crop"
        items={ranked}
        amount={(row) => row.valueCents}
        figure={(row) => (
          <>
            <Money cents={row.valueCents} /> <span className={styles.muted}>· {formatPercentRounded(totalCents > 0 ? (row.valueCents / totalCents) * 100 : 0)}</span>
          </>
        )}
      />
    </>
  );
}

interface Row {
  key: string;
  label: string;
  areaHa: number;
  valueCents: number;
  contributionCents: number;
  claims: number;
  claimedCents: number;
}

function ReportTable({ rows, firstColumn, totals }: { rows: Row[]; firstColumn: string; totals: Omit<Row, 'key' | 'label'> }) {
  const cells = (row: Omit<Row, 'key' | 'label'>) => (
    <>
      <td data-label="Area" className={styles.number}>
        {formatHectares(row.areaHa)}
      </td>
      <td data-label="Value protected" className={styles.number}>
        <Money cents={row.valueCents} />
      </td>
      <td data-label="Contribution" className={styles.number}>
        <Money cents={row.contributionCents} />
      </td>
      <td data-label="Claims" className={styles.number}>
        {row.claims}
      </td>
      <td data-label="Claimed" className={styles.number}>
        <Money cents={row.claimedCents} />
      </td>
    </>
  );
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.stack}`}>
        <thead>
          <tr>
            <th scope="col">{firstColumn}</th>
            <th scope="col" className={styles.number}>
              Area
            </th>
            <th scope="col" className={styles.number}>
              Value protected
            </th>
            <th scope="col" className={styles.number}>
              Contribution
            </th>
            <th scope="col" className={styles.number}>
              Claims
            </th>
            <th scope="col" className={styles.number}>
              Claimed
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td data-label={firstColumn}>{row.label}</td>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td data-label={firstColumn}>Total</td>
            {cells(totals)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
