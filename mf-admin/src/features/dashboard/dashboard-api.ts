import type { StatisticEntry, StatisticKey, StatisticView } from '@hsa-lli/common/back-office';
import type { JobView } from '@hsa-lli/common/domain';
import { api, errorText, pushMessage } from '@hsa-lli/common/store';

export const JOB_POLL_INTERVAL_MS = 500;
/** How long a refresh waits for its job before saying it failed. */
export const JOB_WAIT_LIMIT_MS = 240 * JOB_POLL_INTERVAL_MS;

/** A refresh's job, and when the page stops waiting for it. */
interface JobWatch {
  id: string;
  giveUpAt: number;
}

/** Where a refresh stands after the last look at its job: the page polls while it is 'running'. */
export function refreshProgress(
  look: { data?: JobView; fulfilledTimeStamp?: number; isError: boolean },
  giveUpAt: number,
): 'running' | 'completed' | 'failed' {
  if (look.isError) return 'failed';
  if (look.data?.state === 'completed' || look.data?.state === 'failed') return look.data.state;
  return look.fulfilledTimeStamp !== undefined && look.fulfilledTimeStamp >= giveUpAt ? 'failed' : 'running';
}

const REFRESH_FAILED = "Les statistiques n'ont pas pu être actualisées. Réessayez dans quelques instants.";

/** A period of whole months, as the API takes it. */
export interface PeriodRequest {
  from: string;
  to: string;
}

const periodQuery = ({ from, to }: PeriodRequest) => `from=${from}&to=${to}`;

const statisticsApi = api.enhanceEndpoints({ addTagTypes: ['Statistics'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every statistic over a period. */
    getStatistics: build.query<StatisticView[], PeriodRequest>({
      query: (period) => ({ path: `/stats?${periodQuery(period)}`, minDuration: 0 }),
      transformResponse: ({ data }: { data: StatisticView[] }) => data,
      providesTags: ['Statistics'],
    }),
    /** One statistic, month by month over a period. */
    getMonthly: build.query<StatisticEntry[], PeriodRequest & { key: StatisticKey }>({
      query: ({ key, ...period }) => ({ path: `/stats/${key}?${periodQuery(period)}&by=month`, minDuration: 0 }),
      transformResponse: ({ value }: StatisticView) => value as StatisticEntry[],
      providesTags: ['Statistics'],
    }),
  }),
});

export const dashboardApi = statisticsApi.injectEndpoints({
  endpoints: (build) => ({
    /** Asks the API for a new computation; the answer names the job to follow. */
    refreshStatistics: build.mutation<JobView, void>({
      query: () => ({ method: 'post', path: '/stats/refresh', action: true }),
      transformResponse: ({ job }: { job: JobView }) => job,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(pushMessage({ kind: 'statement', text: 'Actualisation des statistiques demandée.' }));
        } catch (failure) {
          dispatch(pushMessage({ kind: 'error', text: errorText((failure as { error: unknown }).error) }));
        }
      },
    }),
    /** One look at a refresh's job; once it has completed, the figures are loaded again. */
    getStatisticsJob: build.query<JobView, JobWatch>({
      query: ({ id }) => ({ path: `/stats/refresh/${id}`, minDuration: 0 }),
      transformResponse: ({ job }: { job: JobView }) => job,
      async onQueryStarted({ giveUpAt }, { dispatch, queryFulfilled, getCacheEntry }) {
        // A failed look is read from the cache entry like a successful one.
        await queryFulfilled.catch(() => undefined);
        const progress = refreshProgress(getCacheEntry(), giveUpAt);
        if (progress === 'failed') dispatch(pushMessage({ kind: 'error', text: REFRESH_FAILED }));
        if (progress !== 'completed') return;
        dispatch(statisticsApi.util.invalidateTags(['Statistics']));
        dispatch(pushMessage({ kind: 'info', text: 'Les statistiques sont à jour.' }));
      },
    }),
  }),
});

export const { useGetStatisticsQuery, useGetMonthlyQuery, useRefreshStatisticsMutation, useGetStatisticsJobQuery } = dashboardApi;
