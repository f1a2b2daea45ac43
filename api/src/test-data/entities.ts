// The entities the test data is written through, from their domains' folders: the one file of this module that names
// where they live. Scripts (the benches) take them from index.ts to name what they write or read.
export { AUDIT_ACTIONS, AuditEntry } from '../audit/entities/audit-entry.entity.js';
export { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
export { RecordDocument } from '../documents/entities/record-document.entity.js';
export { Equipment } from '../equipments/entities/equipment.entity.js';
export { RecordEvent } from '../follow-up/entities/record-event.entity.js';
export { RecordStageChange } from '../follow-up/entities/record-stage-change.entity.js';
export { Good } from '../goods/entities/good.entity.js';
export { RecordPerson } from '../records/entities/record-person.entity.js';
export { Record } from '../records/entities/record.entity.js';
export { Commune } from '../reference/entities/commune.entity.js';
export { Residence } from '../residences/entities/residence.entity.js';
export { StatisticMonth } from '../stats/entities/statistic-month.entity.js';
export { StatisticRefresh } from '../stats/entities/statistic-refresh.entity.js';
export { Token } from '../tokens/entities/token.entity.js';
export { User } from '../users/entities/user.entity.js';
