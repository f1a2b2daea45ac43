import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  applicantsLabel,
  householdLabel,
  isEligible,
  type ListAnswer,
  type RecordRow,
  type recordListSchema,
} from '@hsa-lli/common/back-office';
import {
  completeness,
  currentLliYear,
  documentName,
  DOCUMENT_TYPES,
  eventType,
  HOUSEHOLDS,
  householdEligibility,
  incomeCeiling,
  PRO_SITUATIONS,
  RECORD_STAGES,
  requiredDocuments,
  requiredTypes,
  stageLabel,
  ZONES,
  type DocumentStatus,
  type DocumentType,
  type FlatSize,
  type Household,
  type PersonPosition,
  type ProSituation,
  type Zone,
} from '@hsa-lli/common/domain';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { listAnswer, pageOf, type ListSpec } from '../common/list-query.js';
import type { Residence } from '../residences/entities/residence.entity.js';
import { RecordEvent } from './entities/record-event.entity.js';
import { Record } from './entities/record.entity.js';
import { goodLabel } from './record-view.js';

type ListRequest = z.output<typeof recordListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];

/** The persons of a file's household, in a subquery on `record_persons` aliased `alias`: the second one for a couple only. */
const inHousehold = (alias: string) => `(${alias}.position = 1 OR record.situation = 'couple')`;

/** Stages sort in the order a file goes through them, not by their codes' letters. */
const STAGE_ORDER = `CASE record.stage ${RECORD_STAGES.map((stage, rank) => `WHEN '${stage}' THEN ${rank}`).join(' ')} END`;

function listSpec(dataSource: DataSource): ListSpec<Column> {
  const fullName = dataSource.options.type === 'better-sqlite3' ? "sp.firstName || ' ' || sp.lastName" : "CONCAT(sp.firstName, ' ', sp.lastName)";
  const matches = ['sp.firstName', 'sp.lastName', 'sp.email', fullName].map((column) => `LOWER(${column}) LIKE :pattern ESCAPE '!'`).join(' OR ');
  return {
    // The persons whose name or address matches are found first, then their files: the same search made file by file
    // would read every file's persons.
    search: [
      'record.reference',
      {
        condition: `record.id IN (SELECT sp.recordId FROM record_persons sp JOIN records sr ON sr.id = sp.recordId WHERE (sp.position = 1 OR sr.situation = 'couple') AND (${matches}))`,
      },
    ],
    sort: {
      reference: 'record.reference',
      created_at: 'record.createdAt',
      updated_at: 'record.updatedAt',
      stage: STAGE_ORDER,
      last_event_at: '(SELECT MAX(le.at) FROM record_events le WHERE le.recordId = record.id)',
    },
    defaultSort: { column: 'created_at', direction: 'desc' },
  };
}

/**
 * Whether a file misses a required document, as `completeness` counts it: for a person of the household and a kind
 * their professional situation calls for (`requiredTypes`), no file, or a refused one. The smallest status of the
 * name's files is null without a file, 0 with a refused one.
 */
function missingDocumentCondition(): string {
  const situations: (ProSituation | null)[] = [null, ...PRO_SITUATIONS];
  const needs = DOCUMENT_TYPES.flatMap((type: DocumentType) => {
    const requiring = situations.filter((situation) => requiredTypes(situation).includes(type));
    if (requiring.length === 0) return [];
    const named = requiring.filter((situation): situation is ProSituation => situation !== null);
    const whom =
      requiring.length === situations.length
        ? '1 = 1'
        : `(${[named.length > 0 ? `p.proSituation IN (${named.map((situation) => `'${situation}'`).join(', ')})` : null, requiring.includes(null) ? 'p.proSituation IS NULL' : null].filter(Boolean).join(' OR ')})`;
    const provided = `(SELECT MIN(CASE WHEN d.status = 'declined' THEN 0 ELSE 1 END) FROM record_documents d WHERE d.recordId = record.id AND d.person = p.position AND d.type = '${type}')`;
    return [`(${whom} AND COALESCE(${provided}, 0) = 0)`];
  });
  return `EXISTS (SELECT 1 FROM record_persons p WHERE p.recordId = record.id AND ${inHousehold('p')} AND (${needs.join(' OR ')}))`;
}

/**
 * The household's eligibility (`householdEligibility`, read by `isEligible`) as SQL: the sum of its persons' incomes
 * (null while one is missing) within the ceiling, for its situation and dependants, of the zone of a residence it
 * wishes or of the residence of a good it wishes. The ceilings are written out from `incomeCeiling` for this year.
 */
function eligibilityConditions(year: number): { eligible: string; ineligible: string } {
  const income = `(SELECT CASE WHEN COUNT(ip.taxIncome) = COUNT(*) THEN SUM(ip.taxIncome) END FROM record_persons ip WHERE ip.recordId = record.id AND ${inHousehold('ip')})`;
  const byZone = (area: string, amount: (zone: Zone) => string) => `CASE ${area} ${ZONES.map((zone) => `WHEN '${zone}' THEN ${amount(zone)}`).join(' ')} END`;
  const forSituation = (situation: Household, area: string) => {
    const lines = [0, 1, 2, 3, 4].map((dependants) => `WHEN record.dependants <= ${dependants} THEN ${byZone(area, (zone) => String(incomeCeiling(year, zone, situation, dependants)))}`);
    // Beyond four dependants, each one more raises the ceiling by the same amount.
    const beyond = byZone(area, (zone) => {
      const four = incomeCeiling(year, zone, situation, 4);
      return `${four} + (record.dependants - 4) * ${incomeCeiling(year, zone, situation, 5) - four}`;
    });
    return `CASE ${lines.join(' ')} ELSE ${beyond} END`;
  };
  const ceiling = (area: string) => `CASE record.situation ${HOUSEHOLDS.map((situation) => `WHEN '${situation}' THEN ${forSituation(situation, area)}`).join(' ')} END`;
  const wishedZones = (condition: (area: string) => string) =>
    `(EXISTS (SELECT 1 FROM record_wished_residences wr JOIN residences wrr ON wrr.id = wr.residencesId WHERE wr.recordsId = record.id AND ${condition('wrr.area')})` +
    ` OR EXISTS (SELECT 1 FROM record_wished_goods wg JOIN goods wgg ON wgg.id = wg.goodsId JOIN residences wgr ON wgr.id = wgg.residenceId WHERE wg.recordsId = record.id AND ${condition('wgr.area')}))`;
  const eligible = wishedZones((area) => `${income} <= ${ceiling(area)}`);
  return { eligible, ineligible: `(${income} IS NOT NULL AND ${wishedZones(() => '1 = 1')} AND NOT ${eligible})` };
}

interface PersonLine {
  recordId: number;
  position: number;
  firstName: string;
  lastName: string;
  proSituation: ProSituation | null;
  taxIncome: number | null;
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

/** The list of application files staff work from (`POST /api/records/list`). */
@Injectable()
export class RecordsListService {
  private readonly spec: ListSpec<Column>;
  private readonly missingDocument = missingDocumentCondition();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.spec = listSpec(dataSource);
  }

  /**
   * One page of the files, filtered, searched, sorted: the files' own columns and their follower, then what each row
   * shows for the page's files only, a grouped query each (persons, documents, wishes, latest events).
   */
  async list(request: ListRequest, caller: Pick<SessionUser, 'id'>): Promise<ListAnswer<RecordRow>> {
    const page = await pageOf(this.query(request.filters ?? {}, caller), request, this.spec);
    const rows = await this.rowsOf(page.rows);
    return listAnswer(page, (record) => rows.get(record.id)!);
  }

  /** Every row of the filtered, searched, sorted list, `size` at a time: an export never holds them all at once. */
  async *chunks(request: Omit<ListRequest, 'page' | 'per_page'>, caller: Pick<SessionUser, 'id'>, size: number): AsyncGenerator<RecordRow[]> {
    for (let page = 1; ; page++) {
      const { rows: records } = await pageOf(this.query(request.filters ?? {}, caller), { ...request, page, per_page: size }, this.spec);
      if (records.length === 0) return;
      const rows = await this.rowsOf(records);
      yield records.map((record) => rows.get(record.id)!);
      if (records.length < size) return;
    }
  }

  private query(filters: NonNullable<ListRequest['filters']>, caller: Pick<SessionUser, 'id'>): SelectQueryBuilder<Record> {
    const query = this.dataSource.manager
      .createQueryBuilder(Record, 'record')
      .select(['record.id', 'record.reference', 'record.stage', 'record.situation', 'record.dependants', 'record.members', 'record.createdAt', 'record.updatedAt'])
      .leftJoin('record.follower', 'follower')
      .addSelect(['follower.id', 'follower.firstName', 'follower.lastName']);
    this.filter(query, filters, caller);
    return query;
  }

  private filter(query: SelectQueryBuilder<Record>, filters: NonNullable<ListRequest['filters']>, caller: Pick<SessionUser, 'id'>): void {
    const { stage, residence, good, flat_size, eligible, incomplete, followed_by_me } = filters;
    if (stage !== undefined) query.andWhere('record.stage = :stage', { stage });
    if (residence !== undefined) {
      query.andWhere(
        '(record.id IN (SELECT wr.recordsId FROM record_wished_residences wr WHERE wr.residencesId = :residence)' +
          ' OR record.id IN (SELECT wg.recordsId FROM record_wished_goods wg JOIN goods g ON g.id = wg.goodsId WHERE g.residenceId = :residence))',
        { residence },
      );
    }
    if (good !== undefined) query.andWhere('record.id IN (SELECT wg.recordsId FROM record_wished_goods wg WHERE wg.goodsId = :good)', { good });
    if (flat_size !== undefined) {
      // The flat sizes are kept as a JSON list: the quoted code is found in it whole (« T1 » is not in « T1bis »).
      query.andWhere(
        '(record.flatSizes LIKE :flatSizeJson OR record.id IN (SELECT wg.recordsId FROM record_wished_goods wg JOIN goods g ON g.id = wg.goodsId WHERE g.flatSize = :flat_size))',
        { flat_size, flatSizeJson: `%"${flat_size}"%` },
      );
    }
    if (eligible !== undefined) {
      const conditions = eligibilityConditions(currentLliYear());
      query.andWhere(eligible ? conditions.eligible : conditions.ineligible);
    }
    if (incomplete !== undefined) query.andWhere(incomplete ? this.missingDocument : `NOT ${this.missingDocument}`);
    if (followed_by_me === true) query.andWhere('record.followerId = :me', { me: caller.id });
    if (followed_by_me === false) query.andWhere('(record.followerId IS NULL OR record.followerId <> :me)', { me: caller.id });
  }

  private async rowsOf(records: Record[]): Promise<Map<number, RecordRow>> {
    const ids = records.map((record) => record.id);
    if (ids.length === 0) return new Map();
    const list = ids.join(', ');
    const [persons, documents, residences, goods, events] = await Promise.all([
      this.dataSource.query(
        `SELECT recordId, position, firstName, lastName, proSituation, taxIncome FROM record_persons WHERE recordId IN (${list}) ORDER BY recordId, position`,
      ) as Promise<PersonLine[]>,
      this.dataSource.query(`SELECT DISTINCT recordId, person, type, status FROM record_documents WHERE recordId IN (${list})`) as Promise<
        { recordId: number; person: number; type: DocumentType; status: DocumentStatus }[]
      >,
      this.dataSource.query(
        `SELECT wr.recordsId AS recordId, r.id AS id, r.id AS residenceId, r.name AS name, r.area AS area FROM record_wished_residences wr JOIN residences r ON r.id = wr.residencesId WHERE wr.recordsId IN (${list})`,
      ) as Promise<WishLine[]>,
      this.dataSource.query(
        `SELECT wg.recordsId AS recordId, g.id AS id, g.flatSize AS flatSize, g.surface AS surface, r.id AS residenceId, r.name AS name, r.area AS area FROM record_wished_goods wg JOIN goods g ON g.id = wg.goodsId JOIN residences r ON r.id = g.residenceId WHERE wg.recordsId IN (${list})`,
      ) as Promise<WishLine[]>,
      // The latest event of each file, by its date (the last recorded of two on the same date).
      this.dataSource.manager
        .createQueryBuilder(RecordEvent, 'event')
        .select(['event.id', 'event.type', 'event.at'])
        .innerJoin('event.record', 'owner')
        .addSelect('owner.id')
        .where('owner.id IN (:...ids)', { ids })
        .andWhere('event.at = (SELECT MAX(latest.at) FROM record_events latest WHERE latest.recordId = owner.id)')
        .orderBy('event.id', 'ASC')
        .getMany(),
    ]);
    const byRecord = <Line extends { recordId: number }>(lines: Line[]) => {
      const grouped = new Map<number, Line[]>();
      for (const line of lines) grouped.set(Number(line.recordId), [...(grouped.get(Number(line.recordId)) ?? []), line]);
      return (id: number) => grouped.get(id) ?? [];
    };
    const personsOf = byRecord(persons);
    const documentsOf = byRecord(documents);
    const residencesOf = byRecord(residences);
    const goodsOf = byRecord(goods);
    const latest = new Map(events.map((event) => [event.record.id, event]));
    const year = currentLliYear();
    return new Map(
      records.map((record) => {
        const household = personsOf(record.id).filter((person) => Number(person.position) === 1 || record.situation === 'couple');
        const [first, second] = household;
        const required = first
          ? requiredDocuments({ situation: record.situation, person_1: { pro_situation: first.proSituation }, person_2: second ? { pro_situation: second.proSituation } : null })
          : [];
        const files = documentsOf(record.id).map((document) => ({ type: documentName(Number(document.person) as PersonPosition, document.type), status: document.status }));
        const done = completeness(required, files);
        const wishedResidences = residencesOf(record.id).sort((a, b) => Number(a.id) - Number(b.id));
        const wishedGoods = goodsOf(record.id).sort((a, b) => Number(a.id) - Number(b.id));
        const zones = [...wishedResidences, ...wishedGoods].map((wish) => wish.area);
        const incomes = household.map((person) => (person.taxIncome === null ? null : Number(person.taxIncome)));
        const event = latest.get(record.id);
        const row: RecordRow = {
          id: record.id,
          reference: record.reference,
          applicants: applicantsLabel(household.map((person) => ({ first_name: person.firstName, last_name: person.lastName }))),
          household: householdLabel(record.situation, record.members ?? []),
          wished: wishedOf(wishedResidences, wishedGoods),
          stage: record.stage,
          stage_label: stageLabel(record.stage),
          completeness: { provided: done.provided, required: done.required, percent: done.percent },
          last_event: event ? { type: event.type, label: eventType(event.type).label, at: event.at.toISOString() } : null,
          follower: record.follower ? { id: record.follower.id, name: `${record.follower.firstName} ${record.follower.lastName}` } : null,
          eligible: isEligible(householdEligibility({ situation: record.situation, dependants: record.dependants, incomes }, zones, year)),
          created_at: record.createdAt.toISOString(),
          updated_at: record.updatedAt.toISOString(),
        };
        return [record.id, row];
      }),
    );
  }
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
