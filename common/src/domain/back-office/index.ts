/**
 * The back office's rules and shapes (`@hsa-lli/common/back-office`): kept out of the domain barrel so that the
 * public pages never load them.
 */
export * from './committee.js';
export * from './contact-forms.js';
export * from './equipments.js';
export * from './follow-up.js';
export * from './goods.js';
export * from './history.js';
export * from './images.js';
export * from './list.js';
export * from './records.js';
export * from './residences.js';
export * from './users.js';
export * from './visits.js';
export { TEXT_ID, requiredText, shownName, text, textIdField } from '../schema.js';
export * from './stats.js';
export * from './pdf.js';
