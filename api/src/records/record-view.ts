import {
  completeness,
  documentName,
  formatSurface,
  householdEligibility,
  rentRatio,
  requiredDocuments,
  type ConsultationView,
  type DocumentName,
  type MyRecord,
  type PersonFields,
  type PersonPosition,
  type RecordDocumentView,
  type WishedGoodView,
} from '@hsa-lli/common/domain';
import { flatSizeLabel, type StaffRecord } from '@hsa-lli/common/back-office';
import type { Good } from '../goods/entities/good.entity.js';
import { fullName, stateOf } from '../users/account-names.js';
import type { RecordDocument } from '../documents/entities/record-document.entity.js';
import type { RecordPerson } from './entities/record-person.entity.js';
import type { Record } from './entities/record.entity.js';

export function personView(person: RecordPerson): PersonFields {
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    birth_date: person.birthDate,
    email: person.email,
    phone: person.phone,
    address: person.address,
    zip_code: person.zipCode,
    city: person.city,
    pro_situation: person.proSituation,
    employer: person.employer,
    housing_situation: person.housingSituation,
    tax_income: person.taxIncome,
  };
}

export function documentView(document: RecordDocument): RecordDocumentView {
  return {
    id: document.id,
    type: documentName(document.person as PersonPosition, document.type),
    status: document.status,
    reason: document.reason,
    file_name: document.originalName,
    content_type: document.contentType,
    size: document.size,
    pages: document.pages,
    source: document.source,
    scan: document.scan,
    uploaded_at: document.uploadedAt.toISOString(),
  };
}

/** The persons of the household as it stands: the second one only for a couple (a person alone keeps it stored, unseen). */
export function householdPersons(record: Record): RecordPerson[] {
  const positions = record.situation === 'couple' ? [1, 2] : [1];
  return record.persons.filter((person) => positions.includes(person.position)).sort((a, b) => a.position - b.position);
}

/** The household's documents: those of its persons as the household stands. */
export function householdDocuments(record: Record): RecordDocument[] {
  const positions = householdPersons(record).map((person) => person.position);
  return record.documents.filter((document) => positions.includes(document.person)).sort((a, b) => a.id - b.id);
}

/** The documents the household must provide, as it stands (spec section 5). */
export function requiredFor(record: Record): DocumentName[] {
  const [first, second] = householdPersons(record);
  return requiredDocuments({ situation: record.situation, person_1: personView(first!), person_2: second ? personView(second) : null });
}

/** The files a document keeps: its own and, once made, the staff's watermarked copy. */
export function storedFilesOf(document: Pick<RecordDocument, 'storedName' | 'watermarkedName'>): string[] {
  return [document.storedName, document.watermarkedName].filter((name): name is string => name !== null);
}

export function goodLabel(good: Pick<Good, 'flatSize' | 'surface' | 'residence'>): string {
  const size = flatSizeLabel(good.flatSize);
  return `${size} de ${formatSurface(Math.round(good.surface))} — ${good.residence.name}`;
}

/**
 * The file as its owner reads it (`my_record`), with what the rules derive from it: the documents the household must
 * provide and how far it is, its LLI eligibility for the zones of what it looks for, the rent-to-income ratio of the
 * goods it chose. Loaded with persons, documents, wishes (goods with their residence).
 */
export function myRecordView(record: Record, consultations: ConsultationView[]): MyRecord {
  const persons = householdPersons(record);
  const first = persons.find((person) => person.position === 1)!;
  const second = persons.find((person) => person.position === 2) ?? null;
  const person_1 = personView(first);
  const person_2 = second && personView(second);
  const documents = householdDocuments(record).map(documentView);
  const required = requiredFor(record);
  const zones = [...record.wishedResidences.map((residence) => residence.area), ...record.wishedGoods.map((good) => good.residence.area)];
  const incomes = persons.map((person) => person.taxIncome);
  const eligibility = householdEligibility({ situation: record.situation, dependants: record.dependants, incomes }, zones);
  const yearlyIncome = incomes.some((income) => income === null) ? null : incomes.reduce<number>((sum, income) => sum + income!, 0);
  const wishedGoods: WishedGoodView[] = [...record.wishedGoods]
    .sort((a, b) => a.id - b.id)
    .map((good) => ({ id: good.id, label: goodLabel(good), rent_cents: good.rentPriceCents, rent_ratio: rentRatio(good.rentPriceCents, yearlyIncome) }));
  return {
    id: record.id,
    reference: record.reference,
    situation: record.situation,
    link: record.situation === 'couple' ? record.link : null,
    members: record.members ?? [],
    discovery_source: record.discoverySource,
    wishes: {
      residences: record.wishedResidences.map((residence) => residence.id).sort((a, b) => a - b),
      goods: wishedGoods.map((good) => good.id),
      flat_sizes: record.flatSizes ?? [],
      max_rent: record.maxRent,
    },
    person_1,
    person_2,
    documents,
    required_documents: required,
    completeness: completeness(required, documents),
    eligibility,
    wished_goods: wishedGoods,
    consultations,
    updated_at: record.updatedAt.toISOString(),
  };
}

/** The file as staff read it (`records/get-one`): its owner's view, with its stage, follower and customer account. */
export function staffRecordView(record: Record, consultations: ConsultationView[]): StaffRecord {
  const { follower, user } = record;
  return {
    ...myRecordView(record, consultations),
    stage: record.stage,
    follower: follower && { id: follower.id, name: fullName(follower) },
    account: user && { id: user.id, email: user.email, state: stateOf(user) },
    created_at: record.createdAt.toISOString(),
  };
}
