import type {
  EquipmentAdminView,
  EquipmentAnswer,
  EquipmentRequest,
  EquipmentUpdateRequest,
  IdRequest,
  ListAnswer,
  ListRequest,
} from '@hsa-lli/common/back-office';
import { api } from '@hsa-lli/common/store';

/** The equipments' calls; a change reloads the lists shown. */
export const equipmentsApi = api.enhanceEndpoints({ addTagTypes: ['Equipments'] }).injectEndpoints({
  endpoints: (build) => ({
    listEquipments: build.query<ListAnswer<EquipmentAdminView>, ListRequest>({
      query: (body) => ({ method: 'post', path: '/equipments/list', body, minDuration: 0 }),
      providesTags: ['Equipments'],
    }),
    createEquipment: build.mutation<EquipmentAnswer, EquipmentRequest>({
      query: (body) => ({ method: 'post', path: '/equipments/create', body, action: true }),
      invalidatesTags: ['Equipments'],
    }),
    updateEquipment: build.mutation<EquipmentAnswer, EquipmentUpdateRequest>({
      query: (body) => ({ method: 'post', path: '/equipments/update', body, action: true }),
      invalidatesTags: ['Equipments'],
    }),
    deleteEquipment: build.mutation<IdRequest, IdRequest>({
      query: (body) => ({ method: 'post', path: '/equipments/delete', body, action: true }),
      invalidatesTags: ['Equipments'],
    }),
  }),
});

export const { useListEquipmentsQuery, useCreateEquipmentMutation, useUpdateEquipmentMutation, useDeleteEquipmentMutation } = equipmentsApi;
