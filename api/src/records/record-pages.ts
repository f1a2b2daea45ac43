import type { PagePattern } from '@hsa-lli/common/domain';

/** The pages the records' routes serve (the access table opens each route to whoever may open its page). */
export const MY_INFORMATION: PagePattern = '/mon-compte-hsa-lli';
export const MY_DOCUMENTS: PagePattern = '/mon-compte-hsa-lli/mon-dossier';
export const RECORDS_LIST: PagePattern = '/admin/liste-des-dossiers';
/** The staff's page of a file: still API only (`API_ONLY_PAGES`) until its screen is built. */
export const STAFF_RECORD = '/admin/liste-des-dossiers/[id]';
