import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { callEndpoint, endpointUrl } from '../../../lib/api-client';
import { type RecordScope, scopeKey } from '../../../api/scope';

/** GET /api/reports/season: one season by paddock and by crop (the latest when `season` is absent). */
export const seasonReportQueryOptions = (scope: RecordScope, season: string | undefined) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'season-report', season ?? 'latest'],
    queryFn: () => callEndpoint(dashboardEndpoints.seasonReport, { query: { memberId: scope.memberId, season } }),
    enabled: scope.viewerId !== '',
    // Switching seasons keeps the last report on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useSeasonReport = (scope: RecordScope, season: string | undefined) => useQuery(seasonReportQueryOptions(scope, season));

/** GET /api/reports/season.csv: the same report as a file, downloaded through ApiFileLink. */
export const seasonReportCsvPath = (memberId: string | undefined, season: string | undefined) => endpointUrl(dashboardEndpoints.seasonReportCsv, { query: { memberId, season } });
