/**
 * The record's fields as the information form holds them (texts, named by their path in `update-mine`:
 * `person_1.phone`, `wishes.goods`), and back: what a save sends for the fields just changed.
 */
import { MEMBER_ROLES, parseNumber, type MemberFields, type MyRecord, type PersonFields, type PersonPosition } from '@hsa-lli/common/domain';
import { checkedValues } from '@hsa-lli/common/ui';

/** The parts of the page, each saying on its own whether its answers are saved. */
export type Section = 'household' | 'person_1' | 'person_2' | 'discovery' | 'wishes';

export const PERSON_FIELDS = [
  'first_name',
  'last_name',
  'birth_date',
  'email',
  'phone',
  'address',
  'zip_code',
  'city',
  'pro_situation',
  'employer',
  'housing_situation',
  'tax_income',
] as const satisfies readonly (keyof PersonFields)[];

export function sectionOf(field: string): Section {
  if (field.startsWith('person_1.')) return 'person_1';
  if (field.startsWith('person_2.')) return 'person_2';
  if (field.startsWith('wishes.')) return 'wishes';
  if (field === 'discovery_source') return 'discovery';
  return 'household';
}

/** A dependant as the form holds it: texts, '' for a birth date not given. */
export interface MemberRow {
  first_name: string;
  birth_date: string;
  role: MemberFields['role'];
}

/** The dependants as the form holds them: one text, the rows in JSON. */
export function memberRows(text: string | undefined): MemberRow[] {
  if (!text) return [];
  try {
    const rows: unknown = JSON.parse(text);
    return Array.isArray(rows) ? (rows as MemberRow[]) : [];
  } catch {
    return [];
  }
}

export const membersText = (rows: readonly MemberRow[]) => JSON.stringify(rows);

export const newMember = (): MemberRow => ({ first_name: '', birth_date: '', role: MEMBER_ROLES[1] });

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * Whether the file holds anything of a second applicant, a field or a document: going back to a person alone deletes
 * it all, so it is asked first.
 */
export function holdsSecondApplicant(record: Pick<MyRecord, 'person_2' | 'documents'>): boolean {
  const person = record.person_2;
  const filled = person !== null && PERSON_FIELDS.some((field) => text(person[field]).trim() !== '');
  return filled || record.documents.some((document) => document.type.startsWith('p2_'));
}

export function personValues(position: PersonPosition, person: PersonFields): Record<string, string> {
  return Object.fromEntries(PERSON_FIELDS.map((field) => [`person_${position}.${field}`, text(person[field])]));
}

export function recordValues(record: MyRecord): Record<string, string> {
  return {
    situation: record.situation,
    link: text(record.link),
    members: membersText(record.members.map((member) => ({ first_name: member.first_name, birth_date: text(member.birth_date), role: member.role }))),
    discovery_source: text(record.discovery_source),
    'wishes.residences': record.wishes.residences.join(','),
    'wishes.goods': record.wishes.goods.join(','),
    'wishes.flat_sizes': record.wishes.flat_sizes.join(','),
    'wishes.max_rent': text(record.wishes.max_rent),
    ...personValues(1, record.person_1),
    ...(record.person_2 ? personValues(2, record.person_2) : {}),
  };
}

/** An amount in whole euros as typed (« 32 500 »); what cannot be read goes as typed, for the schema to say why. */
function amount(typed: string): number | string | null {
  if (typed.trim() === '') return null;
  return parseNumber(typed) ?? typed;
}

const NULLABLE = new Set(['link', 'discovery_source', 'birth_date', 'pro_situation', 'housing_situation']);

/** A field's value as `update-mine` takes it. */
export function apiValue(field: string, typed: string): unknown {
  const name = field.slice(field.lastIndexOf('.') + 1);
  if (field === 'members') {
    return memberRows(typed).map((row) => ({ first_name: row.first_name, birth_date: row.birth_date === '' ? null : row.birth_date, role: row.role }));
  }
  if (field === 'wishes.residences' || field === 'wishes.goods') return checkedValues(typed).map(Number);
  if (field === 'wishes.flat_sizes') return checkedValues(typed);
  if (name === 'tax_income' || name === 'max_rent') return amount(typed);
  if (NULLABLE.has(name)) return typed === '' ? null : typed;
  return typed;
}

/** The body of `update-mine` for these fields: `{ person_1: { phone } , wishes: { goods } }`. */
export function updateOf(values: Record<string, string>, fields: Iterable<string>): Record<string, unknown> {
  const body: Record<string, Record<string, unknown> | unknown> = {};
  for (const field of fields) {
    const value = apiValue(field, values[field] ?? '');
    const dot = field.indexOf('.');
    if (dot < 0) {
      body[field] = value;
      // A person alone has no second applicant, nor a link to one.
      if (field === 'situation' && value === 'alone') Object.assign(body, { person_2: null, link: null });
      continue;
    }
    const group = field.slice(0, dot);
    body[group] = { ...(body[group] as Record<string, unknown> | undefined), [field.slice(dot + 1)]: value };
  }
  return body;
}

/**
 * The goods still wished once the residences chosen change: a good of a residence no longer chosen goes with it; a
 * good not among those loaded (`goods`) stays, its residence unknown.
 */
export function goodsStillWished(wished: readonly string[], residences: readonly number[], goods: readonly { id: number; residence: { id: number } }[] | undefined): string[] {
  return wished.filter((id) => {
    const good = goods?.find((each) => String(each.id) === id);
    return !good || residences.includes(good.residence.id);
  });
}
