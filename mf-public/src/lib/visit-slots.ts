import type { VisitSlotView } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';

/** A good's coming visit slots, with their places left (404 for a good visitors may not see). */
export const comingSlots = (goodId: number, controller?: AbortController) =>
  http.post<{ data: VisitSlotView[] }>('/front/visits/slots', { good_id: goodId }, { controller, minDuration: 0 }).then(({ data }) => data);
