import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { applicantsLabel, type StaffRecord } from '@hsa-lli/common/back-office';
import { completeness, type Household, type MemberFields, type MyRecord, type MyRecordUpdate, type PersonUpdate } from '@hsa-lli/common/domain';
import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { containsPattern, rowLock } from '../database/list-query.js';
import { FieldsError } from '../http/api-errors.js';
import { GoodsService } from '../goods/goods.service.js';
import { ResidencesService } from '../residences/residences.service.js';
import type { User } from '../users/entities/user.entity.js';
import { VaultService } from '../vault/vault.service.js';
import { RecordPerson } from './entities/record-person.entity.js';
import { Record } from './entities/record.entity.js';
import { documentView, householdDocuments, householdPersons, myRecordView, personView, requiredFor, staffRecordView } from './record-view.js';
import { RECORD_EVENTS, RecordPersonRemoving } from './records.events.js';
import { RecordsListColumnsService } from './records-list-columns.service.js';

/** What a view of a file loads with it. */
export const RECORD_RELATIONS = { persons: true, documents: true, user: true, follower: true, wishedResidences: true, wishedGoods: { residence: true } } as const;

const PERSON_COLUMNS: { [K in keyof Required<PersonUpdate>]: keyof RecordPerson } = {
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
  email: 'email',
  phone: 'phone',
  address: 'address',
  zip_code: 'zipCode',
  city: 'city',
  pro_situation: 'proSituation',
  employer: 'employer',
  housing_situation: 'housingSituation',
  tax_income: 'taxIncome',
};

/** A person's fields but their names, all empty: a new person's, or an erased one's (ErasureService). */
export const EMPTY_PERSON = {
  birthDate: null,
  email: null,
  phone: null,
  address: null,
  zipCode: null,
  city: null,
  proSituation: null,
  employer: null,
  housingSituation: null,
  taxIncome: null,
} satisfies Partial<RecordPerson>;

/** What staff know of a household before its owner fills the file in; the account names the first person. */
export interface RecordPrefill {
  situation: Household;
  members: MemberFields[];
  person_1: PersonUpdate;
  person_2: PersonUpdate | null;
}

/** Application files (records): the customer space and the back office build on this service. */
@Injectable()
export class RecordsService {
  constructor(
    @InjectRepository(Record) private readonly records: Repository<Record>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly vault: VaultService,
    private readonly list: RecordsListColumnsService,
    private readonly goods: GoodsService,
    private readonly residences: ResidencesService,
    private readonly events: EventEmitter2,
  ) {}

  /** How many files name this residence, this good or this account: what they name is never deleted under them. */
  countReferring(to: { residence: number } | { good: number } | { user: number }): Promise<number> {
    const [relation, id] = Object.entries(to)[0] as [keyof typeof to, number];
    return this.records.countBy({ [relation]: { id } });
  }

  exists(id: number): Promise<boolean> {
    return this.records.existsBy({ id });
  }

  /** Notes that a file's owner was told it is complete; false when it was noted already (another review got there first). */
  async markCompleteNotified(id: number): Promise<boolean> {
    const claimed = await this.records.createQueryBuilder().update(Record).set({ completeNotifiedAt: new Date() }).where('id = :id AND completeNotifiedAt IS NULL', { id }).execute();
    return Boolean(claimed.affected);
  }

  /** Forgets that a file's owner was told it is complete: it no longer is, and its next completion is told again. */
  async forgetCompleteNotified(id: number): Promise<void> {
    await this.records.update({ id }, { completeNotifiedAt: null });
  }

  /** A file with the staff member who follows it, for its follow-up; null for an unknown file. */
  withFollower(id: number, manager: EntityManager = this.records.manager): Promise<Record | null> {
    return manager.findOne(Record, { where: { id }, relations: { follower: true } });
  }

  /** A file, its row held until the caller's transaction commits (rowLock): two moves of its stage take turns. */
  lockedIn(manager: EntityManager, id: number): Promise<Record | null> {
    return manager.findOne(Record, { where: { id }, lock: rowLock(manager) });
  }

  /** Whether every required document of a file is validated, read in the caller's transaction (a move to « Complet » asks). */
  async documentsValidated(manager: EntityManager, id: number): Promise<boolean> {
    const record = await manager.findOne(Record, { where: { id }, relations: { persons: true, documents: true } });
    return record !== null && completeness(requiredFor(record), householdDocuments(record).map(documentView)).complete;
  }

  /** Moves a file to a stage, dated, in the caller's transaction (FollowUpService checks and records the move). */
  async setStage(manager: EntityManager, id: number, stage: Record['stage'], at: Date): Promise<void> {
    await manager.update(Record, { id }, { stage, stageChangedAt: at });
  }

  /** Names the staff member who follows a file, or nobody, in the caller's transaction. */
  async setFollower(manager: EntityManager, id: number, follower: User | null): Promise<void> {
    await manager.update(Record, { id }, { follower });
  }

  /**
   * Opens the file of a customer account, in the caller's transaction: a person alone, named as the account is.
   * An account that has one already (a file staff opened before inviting its owner) keeps it.
   */
  async openFor(manager: EntityManager, user: User): Promise<Record> {
    const existing = await manager.findOneBy(Record, { user: { id: user.id } });
    if (existing) return existing;
    const person = manager.create(RecordPerson, { ...EMPTY_PERSON, position: 1, firstName: user.firstName, lastName: user.lastName, email: user.email });
    // The reference is made from the id, known once the row exists: two files opened at once never share one.
    const record = await manager.save(
      manager.create(Record, { reference: `tmp-${user.id}-${Date.now()}`, situation: 'alone', dependants: 0, members: [], user, persons: [person] }),
    );
    record.reference = `DOS-${record.createdAt.getFullYear()}-${String(record.id).padStart(4, '0')}`;
    await manager.update(Record, { id: record.id }, { reference: record.reference });
    await this.list.refreshIn(manager, [record.id]);
    return record;
  }

  /**
   * Opens the file of a customer account with what staff already know of the household (from a contact request), in
   * the caller's transaction: openFor, then the situation, the dependants and the persons' fields given. Answers null,
   * changing nothing, when the account has a file already.
   */
  async openPrefilledFor(manager: EntityManager, user: User, prefill: RecordPrefill): Promise<Record | null> {
    if (await manager.existsBy(Record, { user: { id: user.id } })) return null;
    await this.openFor(manager, user);
    const record = await this.findMine(user.id, manager);
    await manager.update(Record, { id: record.id }, { situation: prefill.situation, members: prefill.members, dependants: prefill.members.length });
    await this.updatePerson(manager, record, 1, prefill.person_1);
    if (prefill.situation === 'couple') await this.updatePerson(manager, record, 2, prefill.person_2 ?? {});
    await this.list.refreshIn(manager, [record.id]);
    return record;
  }

  /** The file of a customer account, loaded for its views; 404 when it has none. */
  async findMine(userId: number, manager: EntityManager = this.records.manager): Promise<Record> {
    const record = await manager.findOne(Record, { where: { user: { id: userId } }, relations: RECORD_RELATIONS });
    if (!record) throw new NotFoundException();
    return record;
  }

  /** The file of the customer account that has this address, if any: whose follow-up a visit booked with it goes into. */
  async ofAccountEmail(email: string, manager: EntityManager = this.records.manager): Promise<Pick<Record, 'id' | 'reference'> | null> {
    return manager.findOne(Record, { select: { id: true, reference: true }, where: { user: { email } } });
  }

  async findOne(id: number): Promise<Record | null> {
    return this.records.findOne({ where: { id }, relations: RECORD_RELATIONS });
  }

  /** A file as staff see it, with its consultations (the one being made included); null for an unknown id. */
  async staffView(id: number): Promise<StaffRecord | null> {
    const record = await this.findOne(id);
    return record ? staffRecordView(record, await this.audit.consultations(id)) : null;
  }

  /** The ids of the files that wish a good, and of those staff put forward for it (`records.good`). */
  async namingGood(goodId: number): Promise<{ wished: number[]; proposed: number[] }> {
    const [wished, proposed] = await Promise.all([
      this.records.find({ select: { id: true }, where: { wishedGoods: { id: goodId } } }),
      this.records.find({ select: { id: true }, where: { good: { id: goodId } } }),
    ]);
    return { wished: wished.map((record) => record.id), proposed: proposed.map((record) => record.id) };
  }

  /** These files with what the committee reads of them: persons, documents, account. */
  forCommittee(ids: readonly number[]): Promise<Record[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.records.find({ where: { id: In([...ids]) }, relations: { persons: true, documents: true, user: true } });
  }

  /**
   * Files at these stages, with a label (reference and applicants), those whose reference or applicant's name contains
   * `search` when given; 50 at most, the most recently moved first.
   */
  async atStages(stages: readonly Record['stage'][], search?: string): Promise<{ id: number; label: string; stage: Record['stage'] }[]> {
    const query = this.records
      .createQueryBuilder('record')
      .leftJoinAndSelect('record.persons', 'person')
      .where('record.stage IN (:...stages)', { stages })
      .orderBy('record.stageChangedAt', 'DESC')
      .addOrderBy('record.id', 'DESC');
    if (search?.trim()) {
      query.andWhere(
        (sub) =>
          `(record.id IN ${sub.subQuery().select('match.recordId').from(RecordPerson, 'match').where(`LOWER(match.firstName) LIKE :text ESCAPE '!' OR LOWER(match.lastName) LIKE :text ESCAPE '!'`).getQuery()} OR LOWER(record.reference) LIKE :text ESCAPE '!')`,
        { text: containsPattern(search.trim()) },
      );
    }
    const files = (await query.getMany()).slice(0, 50);
    return files.map((record) => ({ id: record.id, label: [record.reference, applicantsLabel(householdPersons(record).map(personView))].filter(Boolean).join(' — '), stage: record.stage }));
  }

  /** Names the good a file was given (« Attribué »), or none, in the caller's transaction. */
  async setGood(manager: EntityManager, id: number, goodId: number | null): Promise<void> {
    await manager.update(Record, { id }, { good: goodId === null ? null : { id: goodId } });
  }

  /** These files with their persons, by reference. */
  withPersons(ids: readonly number[]): Promise<Record[]> {
    return this.records.find({ where: { id: In([...ids]) }, relations: { persons: true }, order: { reference: 'ASC', id: 'ASC' } });
  }

  async mine(userId: number): Promise<MyRecord> {
    const record = await this.findMine(userId);
    return myRecordView(record, await this.audit.consultations(record.id));
  }

  /** The owner's changes (checked by myRecordUpdateSchema): what is sent changes, the rest stays. */
  async updateMine(userId: number, update: MyRecordUpdate): Promise<MyRecord> {
    const { id, forgotten } = await this.dataSource.transaction(async (manager) => {
      const record = await this.findMine(userId, manager);
      const situation = update.situation ?? (update.person_2 === null ? 'alone' : update.person_2 ? 'couple' : record.situation);
      if (update.situation === 'alone' && update.person_2) {
        throw new FieldsError({ person_2: 'Une personne seule n’a pas de second demandeur : choisissez « Couple » pour le renseigner.' });
      }
      const changes: Partial<Record> = { situation };
      if (situation === 'alone') changes.link = null;
      else if (update.link !== undefined) changes.link = update.link;
      if (update.members) Object.assign(changes, { members: update.members, dependants: update.members.length });
      if (update.discovery_source !== undefined) changes.discoverySource = update.discovery_source;
      if (update.wishes?.flat_sizes) changes.flatSizes = update.wishes.flat_sizes;
      if (update.wishes?.max_rent !== undefined) changes.maxRent = update.wishes.max_rent;
      await manager.update(Record, { id: record.id }, changes);
      if (update.person_1) await this.updatePerson(manager, record, 1, update.person_1);
      // A second person is created when the household becomes a couple; a household of one keeps nothing of them.
      if (situation === 'couple') await this.updatePerson(manager, record, 2, update.person_2 ?? {});
      if (update.wishes?.residences) await this.setWishedResidences(manager, record, update.wishes.residences);
      if (update.wishes?.goods) await this.setWishedGoods(manager, record, update.wishes.goods);
      return { id: record.id, forgotten: situation === 'alone' ? await this.forgetSecondPerson(manager, record) : [] };
    });
    await this.list.afterChange([id]);
    await this.vault.remove(...forgotten);
    return this.mine(userId);
  }

  /**
   * Deletes the second person of a file and, through RecordPersonRemoving, what the other domains keep of them (their
   * documents), in the caller's transaction; answers the vault's files to remove once it is done.
   */
  private async forgetSecondPerson(manager: EntityManager, record: Record): Promise<string[]> {
    const answers: unknown[] = await this.events.emitAsync(RECORD_EVENTS.personRemoving, new RecordPersonRemoving(manager, record.id, 2));
    await manager.delete(RecordPerson, { record: { id: record.id }, position: 2 });
    return answers.flatMap((files) => (Array.isArray(files) ? (files as string[]) : []));
  }

  private async updatePerson(manager: EntityManager, record: Record, position: 1 | 2, update: PersonUpdate): Promise<void> {
    const columns = Object.fromEntries(Object.entries(update).map(([field, value]) => [PERSON_COLUMNS[field as keyof PersonUpdate], value]));
    const person = record.persons.find((candidate) => candidate.position === position);
    if (person) {
      if (Object.keys(columns).length > 0) await manager.update(RecordPerson, { id: person.id }, columns);
      return;
    }
    await manager.save(manager.create(RecordPerson, { ...EMPTY_PERSON, firstName: '', lastName: '', ...columns, position, record: { id: record.id } }));
  }

  /** Residences a household may ask for: the published ones. */
  private async setWishedResidences(manager: EntityManager, record: Record, ids: number[]): Promise<void> {
    const residences = ids.length === 0 ? [] : await this.residences.publishedIds(ids, manager);
    if (residences.length !== new Set(ids).size) throw new FieldsError({ 'wishes.residences': 'Choisissez des résidences de la liste.' });
    await manager.createQueryBuilder().relation(Record, 'wishedResidences').of(record.id).addAndRemove(residences, record.wishedResidences);
  }

  /** Goods a household may ask for: those visitors can see (enabled, in a published residence). */
  private async setWishedGoods(manager: EntityManager, record: Record, ids: number[]): Promise<void> {
    const goods = ids.length === 0 ? [] : await this.goods.publicIds(ids, manager);
    if (goods.length !== new Set(ids).size) throw new FieldsError({ 'wishes.goods': 'Choisissez des logements de la liste.' });
    await manager.createQueryBuilder().relation(Record, 'wishedGoods').of(record.id).addAndRemove(goods, record.wishedGoods);
  }
}
