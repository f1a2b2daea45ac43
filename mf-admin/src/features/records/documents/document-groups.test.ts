import { describe, expect, it } from 'vitest';
import type { DocumentName, PersonFields, RecordDocumentView } from '@hsa-lli/common/domain';
import { documentGroups } from './document-groups.js';

const person = (first_name: string, last_name: string): PersonFields => ({
  first_name,
  last_name,
  birth_date: null,
  email: null,
  phone: null,
  address: null,
  zip_code: null,
  city: null,
  pro_situation: null,
  employer: null,
  housing_situation: null,
  tax_income: null,
});

const file = (id: number, type: DocumentName): RecordDocumentView => ({
  id,
  type,
  status: 'to_process',
  reason: null,
  file_name: `${type}-${id}.pdf`,
  content_type: 'application/pdf',
  size: 1000,
  pages: 1,
  source: 'owner',
  scan: 'clean',
  uploaded_at: '2026-11-20T10:00:00.000Z',
});

const summary = (groups: ReturnType<typeof documentGroups>) =>
  groups.map((group) => ({ title: group.title, items: group.items.map((item) => [item.name, item.required, item.files.map((each) => each.id)]) }));

describe('the household’s documents, per person', () => {
  it('lists a person alone’s required documents in order, with their files, then the kinds no longer asked for', () => {
    const groups = documentGroups({
      person_1: person('Amaia', 'Etxeberria'),
      person_2: null,
      required_documents: ['p1_nat_id', 'p1_tax_notices'],
      documents: [file(3, 'p1_kbis'), file(1, 'p1_tax_notices'), file(2, 'p1_tax_notices')],
    });
    expect(summary(groups)).toEqual([
      {
        title: 'Demandeur : Amaia Etxeberria',
        items: [
          ['p1_nat_id', true, []],
          ['p1_tax_notices', true, [1, 2]],
          ['p1_kbis', false, [3]],
        ],
      },
    ]);
  });

  it('names each applicant of a couple by their role, and by the role alone while they have no name', () => {
    const groups = documentGroups({
      person_1: person('Peio', ''),
      person_2: person('', ''),
      required_documents: ['p1_nat_id', 'p2_nat_id'],
      documents: [file(5, 'p2_nat_id')],
    });
    expect(summary(groups)).toEqual([
      { title: 'Premier demandeur : Peio', items: [['p1_nat_id', true, []]] },
      { title: 'Second demandeur', items: [['p2_nat_id', true, [5]]] },
    ]);
  });
});
