import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { JobView, StatisticView } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { pushMessage, rootReducer, type AppDispatch } from '@hsa-lli/common/store';

type Status = 'idle' | 'loading' | 'refreshing' | 'failed';

export const loadStats = createAsyncThunk('adminStats/load', async () => {
  const { data } = await http.get<{ data: StatisticView[] }>('/stats', undefined, { minDuration: 0 });
  return data;
});

const POLL_INTERVAL_MS = 500;
const POLL_LIMIT = 60;

/** Asks the API for a new computation, follows the job until it ends, then reloads the figures. */
export const refreshStats = createAsyncThunk<void, void, { dispatch: AppDispatch }>('adminStats/refresh', async (_, { dispatch }) => {
  const { job } = await http.post<{ job: JobView }>('/stats/refresh', undefined, { action: true });
  dispatch(pushMessage({ kind: 'statement', text: 'Actualisation des statistiques demandée.' }));
  let current = job;
  for (let attempt = 0; attempt < POLL_LIMIT && current.state !== 'completed' && current.state !== 'failed'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    current = (await http.get<{ job: JobView }>(`/stats/refresh/${current.id}`, undefined, { minDuration: 0 })).job;
  }
  if (current.state !== 'completed') {
    dispatch(pushMessage({ kind: 'error', text: "Les statistiques n'ont pas pu être actualisées. Réessayez dans quelques instants." }));
    throw new Error(`Statistics job ${current.id} ended as ${current.state}`);
  }
  await dispatch(loadStats());
  dispatch(pushMessage({ kind: 'info', text: 'Les statistiques sont à jour.' }));
});

const statsSlice = createSlice({
  name: 'adminStats',
  initialState: { items: [] as StatisticView[], status: 'idle' as Status },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadStats.pending, (state) => {
        if (state.status !== 'refreshing') state.status = 'loading';
      })
      .addCase(loadStats.fulfilled, (state, action) => {
        state.items = action.payload;
        state.status = 'idle';
      })
      .addCase(loadStats.rejected, (state) => {
        state.status = 'failed';
      })
      .addCase(refreshStats.pending, (state) => {
        state.status = 'refreshing';
      })
      .addCase(refreshStats.fulfilled, (state) => {
        state.status = 'idle';
      })
      .addCase(refreshStats.rejected, (state) => {
        state.status = 'failed';
      });
  },
  selectors: {
    selectStats: (state) => state.items,
    selectStatsStatus: (state) => state.status,
  },
});

declare module '@hsa-lli/common/store' {
  // Declaration merging adds the slice to the root state type: the interface needs no members of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof statsSlice> {}
}

// Injected when the remote's routes load, at module level, so that the slice exists before any page renders.
const injectedStatsSlice = statsSlice.injectInto(rootReducer);
export const { selectStats, selectStatsStatus } = injectedStatsSlice.selectors;
