import type { StaffRecord } from '@hsa-lli/common/back-office';
import { parseDocumentName, PERSONS, type DocumentName, type PersonPosition, type RecordDocumentView } from '@hsa-lli/common/domain';

export interface DocumentGroup {
  person: PersonPosition;
  title: string;
  items: DocumentItemView[];
}

/** One document's name in the household's list: whether the situation asks for it, and its files. */
export interface DocumentItemView {
  name: DocumentName;
  required: boolean;
  files: RecordDocumentView[];
}

type GroupedRecord = Pick<StaffRecord, 'person_1' | 'person_2' | 'required_documents' | 'documents'>;

/** Per person, the required documents in the page's order, then those of kinds the situation no longer asks for. */
export function documentGroups(record: GroupedRecord): DocumentGroup[] {
  const single = record.person_2 === null;
  return PERSONS.filter((person) => person === 1 || !single).map((person) => {
    const identity = person === 1 ? record.person_1 : record.person_2!;
    const fullName = `${identity.first_name} ${identity.last_name}`.trim();
    const role = single ? 'Demandeur' : person === 1 ? 'Premier demandeur' : 'Second demandeur';
    const ofPerson = (name: DocumentName) => parseDocumentName(name)?.person === person;
    const required = record.required_documents.filter(ofPerson);
    const others = [...new Set(record.documents.map((document) => document.type))].filter((name) => ofPerson(name) && !required.includes(name));
    return {
      person,
      title: fullName ? `${role} : ${fullName}` : role,
      items: [...required, ...others].map((name) => ({
        name,
        required: required.includes(name),
        files: record.documents.filter((document) => document.type === name),
      })),
    };
  });
}
