/**
 * What the staff's list of files reads of each file and shows of it, shared by the list's query
 * (RecordsListService) and the upkeep of the columns it filters and sorts by (RecordsListColumnsService).
 */
import {
  applicantsLabel,
  householdLabel,
  isEligible,
  type RecordRow,
} from '@hsa-lli/common/back-office';
import {
  completeness,
  documentName,
  EVENT_TYPE_OPTIONS,
  householdEligibility,
  labelOf,
  requiredDocuments,
  stageLabel,
  type DocumentStatus,
  type DocumentType,
  type FlatSize,
  type PersonPosition,
  type ProSituation,
  type Zone,
} from '@hsa-lli/common/domain';
import type { EntityManager } from 'typeorm';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import type { Residence } from '../residences/entities/residence.entity.js';
import { fullName } from '../users/account-names.js';
import type { Record } from './entities/record.entity.js';
import { goodLabel } from './record-view.js';

/** In lower case, without accents: how the files' words are kept and searched. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** What the list shows of a file and what it is found by, read for a set of files at a time. */
export interface Lines {
  persons: (id: number) => PersonLine[];
  documents: (id: number) => DocumentLine[];
  residences: (id: number) => WishLine[];
  goods: (id: number) => WishLine[];
  latest: Map<number, RecordEvent>;
  followers: Map<number, { id: number; name: string }>;
}

interface PersonLine {
  recordId: number;
  position: number;
  firstName: string;
  lastName: string;
  email: string | null;
  proSituation: ProSituation | null;
  taxIncome: number | null;
}

interface DocumentLine {
  recordId: number;
  person: number;
  type: DocumentType;
  status: DocumentStatus;
}

interface WishLine {
  recordId: number;
  id: number;
  residenceId: number;
  name: string;
  area: Zone;
  flatSize?: FlatSize;
  surface?: number;
}

/** The columns the list reads of a file itself. */
export const RECORD_COLUMNS = ['record.id', 'record.reference', 'record.stage', 'record.situation', 'record.dependants', 'record.members', 'record.flatSizes', 'record.createdAt', 'record.updatedAt'];

/**
 * The persons, documents, wishes, latest event and follower of these files, a grouped query each. The wishes and the
 * latest event are read here, joined with the catalogue's and the follow-up's tables, not through their services: the
 * list works out thousands of files at a time, by ids, and filters and sorts by what these queries give.
 */
export async function linesOf(manager: EntityManager, ids: number[]): Promise<Lines> {
  const list = ids.join(', ');
  const [persons, documents, residences, goods, events, followers] = await Promise.all([
    manager.query(
      `SELECT recordId, position, firstName, lastName, email, proSituation, taxIncome FROM record_persons WHERE recordId IN (${list}) ORDER BY recordId, position`,
    ) as Promise<PersonLine[]>,
    manager.query(`SELECT DISTINCT recordId, person, type, status FROM record_documents WHERE recordId IN (${list})`) as Promise<DocumentLine[]>,
    manager.query(
      `SELECT wr.recordsId AS recordId, r.id AS id, r.id AS residenceId, r.name AS name, r.area AS area FROM record_wished_residences wr JOIN residences r ON r.id = wr.residencesId WHERE wr.recordsId IN (${list})`,
    ) as Promise<WishLine[]>,
    manager.query(
      `SELECT wg.recordsId AS recordId, g.id AS id, g.flatSize AS flatSize, g.surface AS surface, r.id AS residenceId, r.name AS name, r.area AS area FROM record_wished_goods wg JOIN goods g ON g.id = wg.goodsId JOIN residences r ON r.id = g.residenceId WHERE wg.recordsId IN (${list})`,
    ) as Promise<WishLine[]>,
    // The latest event of each file, by its date (the last recorded of two on the same date).
    manager
      .createQueryBuilder(RecordEvent, 'event')
      .select(['event.id', 'event.type', 'event.at'])
      .innerJoin('event.record', 'owner')
      .addSelect('owner.id')
      .where('owner.id IN (:...ids)', { ids })
      .andWhere('event.at = (SELECT MAX(latest.at) FROM record_events latest WHERE latest.recordId = owner.id)')
      .orderBy('event.id', 'ASC')
      .getMany(),
    manager.query(`SELECT r.id AS recordId, u.id AS id, u.firstName AS firstName, u.lastName AS lastName FROM records r JOIN users u ON u.id = r.followerId WHERE r.id IN (${list})`) as Promise<
      { recordId: number; id: number; firstName: string; lastName: string }[]
    >,
  ]);
  const byRecord = <Line extends { recordId: number }>(lines: Line[]) => {
    const grouped = new Map<number, Line[]>();
    for (const line of lines) grouped.set(Number(line.recordId), [...(grouped.get(Number(line.recordId)) ?? []), line]);
    return (id: number) => grouped.get(id) ?? [];
  };
  return {
    persons: byRecord(persons),
    documents: byRecord(documents),
    residences: byRecord(residences),
    goods: byRecord(goods),
    latest: new Map(events.map((event) => [event.record.id, event])),
    followers: new Map(followers.map((user) => [Number(user.recordId), { id: Number(user.id), name: fullName(user) }])),
  };
}

/** A file's row, from its own columns and its lines. */
export function rowOf(record: Record, lines: Lines, year: number): RecordRow {
  const household = lines.persons(record.id).filter((person) => Number(person.position) === 1 || record.situation === 'couple');
  const [first, second] = household;
  const required = first
    ? requiredDocuments({ situation: record.situation, person_1: { pro_situation: first.proSituation }, person_2: second ? { pro_situation: second.proSituation } : null })
    : [];
  const files = lines.documents(record.id).map((document) => ({ type: documentName(Number(document.person) as PersonPosition, document.type), status: document.status }));
  const done = completeness(required, files);
  const wishedResidences = lines.residences(record.id).sort((a, b) => Number(a.id) - Number(b.id));
  const wishedGoods = lines.goods(record.id).sort((a, b) => Number(a.id) - Number(b.id));
  const zones = [...wishedResidences, ...wishedGoods].map((wish) => wish.area);
  const incomes = household.map((person) => (person.taxIncome === null ? null : Number(person.taxIncome)));
  const event = lines.latest.get(record.id);
  return {
    id: record.id,
    reference: record.reference,
    applicants: applicantsLabel(household.map((person) => ({ first_name: person.firstName, last_name: person.lastName }))),
    household: householdLabel(record.situation, record.members ?? []),
    wished: wishedOf(wishedResidences, wishedGoods),
    stage: record.stage,
    stage_label: stageLabel(record.stage),
    completeness: { provided: done.provided, required: done.required, percent: done.percent },
    last_event: event ? { type: event.type, label: labelOf(EVENT_TYPE_OPTIONS, event.type), at: event.at.toISOString() } : null,
    follower: lines.followers.get(record.id) ?? null,
    eligible: isEligible(householdEligibility({ situation: record.situation, dependants: record.dependants, incomes }, zones, year)),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

/**
 * What the household wishes, in a word: its first good, else its first residence; the others counted, a residence
 * it wishes a good of counting with the good.
 */
function wishedOf(residences: WishLine[], goods: WishLine[]): RecordRow['wished'] {
  const [good] = goods;
  if (good) {
    const ofGoods = new Set(goods.map((wish) => Number(wish.residenceId)));
    const others = goods.length - 1 + residences.filter((residence) => !ofGoods.has(Number(residence.id))).length;
    return { label: goodLabel({ flatSize: good.flatSize!, surface: Number(good.surface), residence: { name: good.name } as Residence }), others };
  }
  const [residence] = residences;
  return residence ? { label: residence.name, others: residences.length - 1 } : null;
}

