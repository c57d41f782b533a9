/**
 * The CSV exports of the registration and quote analytics pages: every figure of the page in one
 * file, one row per figure (section, item, count, percent, further value), so a spreadsheet can
 * filter by section. Amounts and times are plain numbers (shared/domain/csv.ts).
 */
import { REGISTRATION_SOURCE_LABELS, VERIFICATION_FUNNEL_LABELS, type QuoteFunnel, type RegistrationAnalytics } from '@shared/contracts/admin-analytics';
import { type CsvCell, toCsv } from '@shared/domain/csv';

const percent = (share: number | null): CsvCell => (share === null ? null : Math.round(share * 1000) / 10);
const seconds = (ms: number | null): CsvCell => (ms === null ? null : Math.round(ms / 1000));
const period = (row: { from: string; to: string }) => (row.from === row.to ? row.from : `${row.from} to ${row.to}`);

export function registrationAnalyticsCsv(report: RegistrationAnalytics): string {
  const rows: CsvCell[][] = [
    ...report.registrations.map((row) => ['Registrations', period(row), row.count, null, null]),
    ...report.funnel.map((row) => ['Verification funnel', VERIFICATION_FUNNEL_LABELS[row.step], row.count, percent(row.shareOfFirst), row.dropOff]),
    ['Time to verify', 'Median (seconds)', report.verificationTime.verified, null, seconds(report.verificationTime.medianMs)],
    ...report.verificationTime.bands.map((row) => ['Time to verify', row.band, row.count, percent(report.verificationTime.verified ? row.count / report.verificationTime.verified : null), null]),
    ...report.bySource.map((row) => ['Source', REGISTRATION_SOURCE_LABELS[row.source], row.count, percent(report.total ? row.count / report.total : null), null]),
    ...report.byReferrer.map((row) => ['Referrer', row.code, row.count, percent(report.total ? row.count / report.total : null), row.organisation]),
  ];
  return toCsv(['Section', 'Item', 'Count', 'Percent', 'Drop-off / seconds / organisation'], rows);
}

export function quoteFunnelCsv(report: QuoteFunnel): string {
  const { estimates, applications } = report;
  const rows: CsvCell[][] = [
    ...report.steps.map((row) => ['Quote funnel', row.step, row.count, percent(row.shareOfFirst), row.dropOff, seconds(row.medianMs)]),
    ...estimates.byCoverageType.map((row) => ['Estimates calculated', row.coverageType, row.count, null, null, null]),
    ['Estimate to submission', 'People with an estimate', estimates.people, null, null, null],
    ['Estimate to submission', 'Of them, submitted', estimates.submitted, percent(estimates.conversionRate), null, null],
    ...applications.byCoverageType.map((row) => ['Applications by coverage', row.coverageType, row.count, percent(applications.total ? row.count / applications.total : null), null, null]),
    ...applications.byZone.map((row) => ['Applications by zone', row.zoneCode, row.count, percent(applications.total ? row.count / applications.total : null), row.hectares, null]),
    ...applications.byCrop.map((row) => ['Applications by crop', row.crop, row.paddocks, null, row.hectares, null]),
  ];
  return toCsv(['Section', 'Item', 'Count', 'Percent', 'Drop-off / hectares', 'Median seconds on step'], rows);
}
