import type { IdRequest, ListAnswer, ListRequest, ResidenceAnswer, ResidenceRequest, ResidenceRow, ResidenceUpdateRequest } from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/** The residences' calls; a change reloads the lists shown. */
export const residencesApi = api.enhanceEndpoints({ addTagTypes: ['Residences'] }).injectEndpoints({
  endpoints: (build) => ({
    listResidences: build.query<ListAnswer<ResidenceRow>, ListRequest>({
      query: (body) => ({ method: 'post', path: '/residences/list', body, minDuration: 0 }),
      providesTags: ['Residences'],
    }),
    createResidence: build.mutation<ResidenceAnswer, ResidenceRequest>({
      query: (body) => ({ method: 'post', path: '/residences/create', body, action: true }),
      invalidatesTags: ['Residences'],
    }),
    updateResidence: build.mutation<ResidenceAnswer, ResidenceUpdateRequest>({
      query: (body) => ({ method: 'post', path: '/residences/update', body, action: true }),
      invalidatesTags: ['Residences'],
    }),
    deleteResidence: build.mutation<IdRequest, IdRequest>({
      query: (body) => ({ method: 'post', path: '/residences/delete', body, action: true }),
      invalidatesTags: ['Residences'],
    }),
  }),
});

export const { useListResidencesQuery, useCreateResidenceMutation, useUpdateResidenceMutation, useDeleteResidenceMutation } = residencesApi;
