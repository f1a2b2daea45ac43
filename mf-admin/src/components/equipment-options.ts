import type { EquipmentAdminView, ListAnswer } from '@hsa-lli/common/back-office';
import type { EquipmentType, Option } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/** The equipments a residence or a good may list, for their forms' checkboxes. */
const equipmentOptionsApi = api.enhanceEndpoints({ addTagTypes: ['Equipments'] }).injectEndpoints({
  endpoints: (build) => ({
    listEquipmentOptions: build.query<ListAnswer<EquipmentAdminView>, EquipmentType>({
      query: (type) => ({ method: 'post', path: '/equipments/list', body: { filters: { type }, per_page: 100 }, minDuration: 0 }),
      providesTags: ['Equipments'],
    }),
  }),
});

export function useEquipmentOptions(type: EquipmentType): Option[] {
  const { data } = equipmentOptionsApi.useListEquipmentOptionsQuery(type);
  return (data?.data ?? []).map((equipment) => ({ value: String(equipment._id), label: equipment.name }));
}
