import type { LoaderFunctionArgs, Params } from 'react-router';
import type {
  ContactFormAnswer,
  EquipmentAnswer,
  FollowUpView,
  GoodAnswer,
  ResidenceAnswer,
  SessionAnswer,
  StaffRecord,
  StaffRecordAnswer,
  UserAnswer,
} from '@hsa-lli/common/back-office';
import { http, RequestError } from '@hsa-lli/common/http';

/**
 * What each page reads before it is drawn. The routes name these loaders beside their pages' lazy scripts, so the
 * router calls the API while it fetches the page's script, not after: a page opened by its address shows its data one
 * round of requests sooner. They need nothing of their pages.
 */

/** The id of a record's page (`/…/[id]`): anything but a positive whole number is the not-found page. */
function routeId(params: Params): number {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  return id;
}

const readOne = <Answer>(path: string, { params, request }: LoaderFunctionArgs): Promise<Answer> =>
  http.post<Answer>(path, { id: routeId(params) }, { controller: request, minDuration: 0 });

/** The file and its follow-up; or, once the staff member consulted as many files as they may today, why not. */
export type RecordLoaded = { record: StaffRecord; follow_up: FollowUpView } | { refused: string };

export async function recordLoader(args: LoaderFunctionArgs): Promise<RecordLoaded> {
  try {
    const [{ record }, follow_up] = await Promise.all([readOne<StaffRecordAnswer>('/records/get-one', args), readOne<FollowUpView>('/records/follow-up', args)]);
    return { record, follow_up };
  } catch (error) {
    // The daily limit of files: the API's words say how many and whom to ask. Anything else is the shell's error page.
    if (error instanceof RequestError && error.status === 429) return { refused: error.error };
    throw error;
  }
}

export const contactRequestLoader = (args: LoaderFunctionArgs) => readOne<ContactFormAnswer>('/contact-forms/get-one', args);
export const residenceLoader = (args: LoaderFunctionArgs) => readOne<ResidenceAnswer>('/residences/get-one', args);
export const goodLoader = (args: LoaderFunctionArgs) => readOne<GoodAnswer>('/goods/get-one', args);
export const equipmentLoader = (args: LoaderFunctionArgs) => readOne<EquipmentAnswer>('/equipments/get-one', args);
export const userLoader = (args: LoaderFunctionArgs) => readOne<UserAnswer>('/users/get-one', args);
/** Both pages of a session (staff's and the committee's) read it the same way; a session the caller may not see is 404. */
export const sessionLoader = (args: LoaderFunctionArgs) => readOne<SessionAnswer>('/committee/sessions/get-one', args);
