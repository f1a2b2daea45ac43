import type { GoodAnswer, GoodRequest, GoodRow, GoodUpdateRequest, IdRequest, ListAnswer, ListRequest, ResidenceOption } from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/** The goods' calls; a change reloads the lists shown. */
export const goodsApi = api.enhanceEndpoints({ addTagTypes: ['Goods'] }).injectEndpoints({
  endpoints: (build) => ({
    listGoods: build.query<ListAnswer<GoodRow>, ListRequest>({
      query: (body) => ({ method: 'post', path: '/goods/list', body, minDuration: 0 }),
      providesTags: ['Goods'],
    }),
    /** Every residence, its status in its label, with its zone (the LLI rent ceiling depends on it). */
    residenceOptions: build.query<ResidenceOption[], void>({
      query: () => ({ method: 'post', path: '/residences/get-options', body: {}, minDuration: 0 }),
      transformResponse: ({ residences_options }: { residences_options: ResidenceOption[] }) => residences_options,
    }),
    createGood: build.mutation<GoodAnswer, GoodRequest>({
      query: (body) => ({ method: 'post', path: '/goods/create', body, action: true }),
      invalidatesTags: ['Goods'],
    }),
    updateGood: build.mutation<GoodAnswer, GoodUpdateRequest>({
      query: (body) => ({ method: 'post', path: '/goods/update', body, action: true }),
      invalidatesTags: ['Goods'],
    }),
    deleteGood: build.mutation<IdRequest, IdRequest>({
      query: (body) => ({ method: 'post', path: '/goods/delete', body, action: true }),
      invalidatesTags: ['Goods'],
    }),
  }),
});

export const { useListGoodsQuery, useResidenceOptionsQuery, useCreateGoodMutation, useUpdateGoodMutation, useDeleteGoodMutation } = goodsApi;
