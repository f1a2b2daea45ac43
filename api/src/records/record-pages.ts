import type { PagePattern } from '@hsa-lli/common/domain';

/** The pages the records' routes serve (the access table opens each route to whoever may open its page). */
export const MY_INFORMATION: PagePattern = '/mon-compte-hsa-lli';
export const MY_DOCUMENTS: PagePattern = '/mon-compte-hsa-lli/mon-dossier';
export const RECORDS_LIST: PagePattern = '/admin/liste-des-dossiers';
export const STAFF_RECORD: PagePattern = '/admin/liste-des-dossiers/[id]';
