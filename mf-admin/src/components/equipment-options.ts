import { useMemo } from 'react';
import type { EquipmentAdminView, ListAnswer } from '@hsa-lli/common/back-office';
import type { EquipmentType, Option } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';
import { optionsState, type OptionsState } from './loaded-options.js';

/** The equipments a residence or a good may list, for their forms' checkboxes. */
const equipmentOptionsApi = api.enhanceEndpoints({ addTagTypes: ['Equipments'] }).injectEndpoints({
  endpoints: (build) => ({
    listEquipmentOptions: build.query<ListAnswer<EquipmentAdminView>, EquipmentType>({
      query: (type) => ({ method: 'post', path: '/equipments/list', body: { filters: { type }, per_page: 100 }, minDuration: 0 }),
      providesTags: ['Equipments'],
    }),
  }),
});

export type EquipmentOptions = OptionsState & { options: Option[] };

export function useEquipmentOptions(type: EquipmentType): EquipmentOptions {
  const query = equipmentOptionsApi.useListEquipmentOptionsQuery(type);
  const options = useMemo(() => (query.data?.data ?? []).map((equipment) => ({ value: String(equipment._id), label: equipment.name })), [query.data]);
  return { options, ...optionsState(query) };
}
