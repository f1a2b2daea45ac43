import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { goodSlug, rentCeilingProblem, type GoodAnswer, type GoodRequest, type GoodRow, type GoodUpdateRequest, type ListAnswer, type goodListSchema } from '@hsa-lli/common/back-office';
import { FLAT_SIZES, plural, type GoodOccupancy } from '@hsa-lli/common/domain';
import { In, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { uniqueOrFieldError } from '../database/database-errors.js';
import { claimVersion, rowLock, containsPattern, listAnswer, lockForDeletion, pageOf, type ListSpec } from '../database/list-query.js';
import type { Equipment } from '../equipments/entities/equipment.entity.js';
import { EquipmentsService } from '../equipments/equipments.service.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { ImagesService } from '../images/images.service.js';
import type { Residence } from '../residences/entities/residence.entity.js';
import { ResidencesService } from '../residences/residences.service.js';
import { filesNaming } from '../events/answers.js';
import { Good } from './entities/good.entity.js';
import { GOOD_EVENTS, GoodChanged, GoodRemoving } from './goods.events.js';
import { formOf, isPublic, toGoodAdminView, toGoodRow } from './good-view.js';

type ListRequest = z.output<typeof goodListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];

/** Flat sizes sort from the garage to the largest flat, not by their codes' letters. */
const FLAT_SIZE_ORDER = `CASE good.flatSize ${FLAT_SIZES.map((size, rank) => `WHEN '${size}' THEN ${rank}`).join(' ')} END`;

const LIST: ListSpec<Column> = {
  // The residences whose name matches are found first: joining them to every good to test their name is what makes
  // a search slow.
  search: ['good.reference', { condition: "good.residenceId IN (SELECT named.id FROM residences named WHERE LOWER(named.name) LIKE :pattern ESCAPE '!')" }],
  sort: {
    reference: 'good.reference',
    residence: 'LOWER(residence.name)',
    flat_size: FLAT_SIZE_ORDER,
    surface: 'good.surface',
    rent_price: 'good.rentPriceCents',
    available_from: 'good.availableFrom',
    updated_at: 'good.updatedAt',
  },
  defaultSort: { column: 'reference', direction: 'asc' },
};

const cents = (euros: number) => Math.round(euros * 100);

/** The columns a form's fields set (the facilities aside, a relation of their own). */
function columnsOf(fields: GoodRequest) {
  return {
    enabled: fields.enabled,
    residence: { id: fields.residence } as Residence,
    reference: fields.reference,
    slug: goodSlug(fields.flat_size, fields.surface),
    flatSize: fields.flat_size,
    surface: fields.surface,
    rentPriceCents: cents(fields.rent_price),
    monthlyCostsCents: cents(fields.monthly_costs),
    availableFrom: fields.available_from,
    description: fields.description,
    dpeKwh: fields.dpe_kwh,
    dpeKgco2: fields.dpe_kgco2,
  };
}

const REFERENCE_TAKEN = 'Un autre bien porte déjà cette référence.';

@Injectable()
export class GoodsService {
  constructor(
    @InjectRepository(Good) private readonly goods: Repository<Good>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly residences: ResidencesService,
    private readonly equipments: EquipmentsService,
    private readonly images: ImagesService,
    private readonly history: HistoryService,
    private readonly events: EventEmitter2,
  ) {}

  /** A good as visitors may see it: enabled, in a published residence; null for anything else, as for an unknown id. */
  async findPublic(id: number): Promise<Good | null> {
    const good = await this.find(id);
    return good && isPublic(good) ? good : null;
  }

  /** Of these goods, the ids of those visitors can see (enabled, in a published residence): what a household may wish. */
  async publicIds(ids: readonly number[], manager: EntityManager = this.goods.manager): Promise<number[]> {
    return (await manager.find(Good, { select: { id: true }, where: { id: In([...ids]), enabled: true, residence: { status: 'published' } } })).map((good) => good.id);
  }

  /** A good with its residence, or null: what a follow-up event names. */
  withResidence(id: number): Promise<Good | null> {
    return this.goods.findOne({ where: { id }, relations: { residence: true } });
  }

  /** Up to 50 goods with their residence, by reference; those whose reference or residence's name contains `search` when given. */
  options(search?: string): Promise<Good[]> {
    const query = this.goods.createQueryBuilder('good').innerJoinAndSelect('good.residence', 'residence').orderBy('good.reference', 'ASC').addOrderBy('good.id', 'ASC').take(50);
    if (search?.trim()) query.where(`(LOWER(good.reference) LIKE :text ESCAPE '!' OR LOWER(residence.name) LIKE :text ESCAPE '!')`, { text: containsPattern(search.trim()) });
    return query.getMany();
  }

  /** The goods of a residence with it, by reference. */
  ofResidence(residenceId: number): Promise<Good[]> {
    return this.goods.find({ where: { residence: { id: residenceId } }, relations: { residence: true }, order: { reference: 'ASC', id: 'ASC' } });
  }

  async find(id: number): Promise<Good | null> {
    return this.goods.findOne({
      where: { id },
      relations: { residence: { city: true }, facilities: true, images: true },
      order: { images: { position: 'ASC' } },
    });
  }

  /**
   * One page of the goods, filtered, searched in their reference and their residence's name, sorted. Only the
   * columns of a row are read, and the goods' indexes give each sort's order: a page costs about the same with 20,000
   * goods as with 20. The residence is a left join (every good has one) so that MariaDB reads the goods first, in the
   * index's order, rather than starting from the residences and sorting every good, and leaves it out of the count;
   * the communes of the page's residences are read afterwards, for that page only.
   */
  async list(request: ListRequest): Promise<ListAnswer<GoodRow>> {
    const query = this.goods
      .createQueryBuilder('good')
      .select(['good.id', 'good.reference', 'good.flatSize', 'good.surface', 'good.rentPriceCents', 'good.monthlyCostsCents'])
      .addSelect(['good.dpeKwh', 'good.dpeKgco2', 'good.enabled', 'good.availableFrom', 'good.occupied', 'good.version'])
      .leftJoin('good.residence', 'residence')
      .addSelect(['residence.id', 'residence.name']);
    const { residence, flat_size, enabled } = request.filters ?? {};
    if (residence !== undefined) query.andWhere('good.residenceId = :residence', { residence });
    if (flat_size !== undefined) query.andWhere('good.flatSize = :flat_size', { flat_size });
    if (enabled !== undefined) query.andWhere('good.enabled = :enabled', { enabled });
    const page = await pageOf(query, request, LIST);
    const communes = await this.residences.communeNames([...new Set(page.rows.map((good) => good.residence.id))]);
    return listAnswer(page, (good) => toGoodRow(good, communes.get(good.residence.id)!));
  }

  async getOne(id: number): Promise<GoodAnswer> {
    const good = await this.find(id);
    if (!good) throw new NotFoundException();
    return { good: toGoodAdminView(good), history: await this.history.list('good', id) };
  }

  async create(fields: GoodRequest, actor: SessionUser): Promise<GoodAnswer> {
    await this.checkReferences(fields);
    const id = await uniqueOrFieldError(() =>
      this.dataSource.transaction(async (manager) => {
        const saved = await manager.save(manager.create(Good, { ...columnsOf(fields), facilities: fields.facilities.map((id) => ({ id }) as Equipment) }));
        await this.history.record({ subject: 'good', subjectId: saved.id, actor, action: 'Création', changes: changedFields({}, fields) }, manager);
        return saved.id;
      }), { reference: REFERENCE_TAKEN });
    await this.events.emitAsync(GOOD_EVENTS.changed, new GoodChanged(id, 'created', [fields.residence], false));
    return this.getOne(id);
  }

  async update({ id, version, ...fields }: GoodUpdateRequest, actor: SessionUser): Promise<GoodAnswer> {
    if (!(await this.goods.existsBy({ id }))) throw new NotFoundException();
    await this.checkReferences(fields, id);
    const { left, moved } = await uniqueOrFieldError(() =>
      this.dataSource.transaction(async (manager) => {
        const good = await manager.findOne(Good, { where: { id }, relations: { residence: true, facilities: true } });
        if (!good) throw new NotFoundException();
        await claimVersion(manager, Good, id, version);
        const before = formOf(good);
        await manager.update(Good, { id }, columnsOf(fields));
        await this.setFacilities(manager, id, before.facilities, fields.facilities);
        const changes = changedFields(before, { ...fields, facilities: [...fields.facilities].sort((a, b) => a - b) });
        if (changes.length > 0) await this.history.record({ subject: 'good', subjectId: id, actor, action: 'Modification', changes }, manager);
        // The files that wish it now wish another residence, or another flat size.
        return { left: good.residence.id, moved: good.residence.id !== fields.residence || good.flatSize !== fields.flat_size };
      }), { reference: REFERENCE_TAKEN });
    await this.events.emitAsync(GOOD_EVENTS.changed, new GoodChanged(id, 'updated', [...new Set([fields.residence, left])], moved));
    return this.getOne(id);
  }

  /**
   * Sets what the follow-up of the files naming a good says of it (FollowUpService.goodOccupancy): let, or free again
   * from the day of its leaving; `null` (no lease, move-in or leaving names it any more) frees it and leaves staff's
   * date. Recorded in its history as the platform's, and told to the others (its public pages are rendered again).
   */
  async setOccupancy(id: number, occupancy: GoodOccupancy | null): Promise<void> {
    const residence = await this.dataSource.transaction(async (manager) => {
      const good = await manager.findOne(Good, { where: { id }, relations: { residence: true }, lock: rowLock(manager) });
      if (!good) return null;
      const after = { occupied: occupancy?.occupied ?? false, available_from: occupancy && !occupancy.occupied ? occupancy.availableFrom : good.availableFrom };
      const changes = changedFields({ occupied: good.occupied, available_from: good.availableFrom }, after);
      if (changes.length === 0) return null;
      await manager.update(Good, { id }, { occupied: after.occupied, availableFrom: after.available_from });
      await this.history.record({ subject: 'good', subjectId: id, actor: null, action: 'Disponibilité d’après le suivi des dossiers', changes }, manager);
      return good.residence.id;
    });
    if (residence !== null) await this.events.emitAsync(GOOD_EVENTS.changed, new GoodChanged(id, 'updated', [residence], false));
  }

  /** A good an application file names stays, so that the file keeps what it applied for: it can be disabled instead. */
  async delete(id: number, actor: SessionUser): Promise<{ id: number }> {
    const { removeFiles, residence } = await this.dataSource.transaction(async (manager) => {
      if (!(await lockForDeletion(manager, Good, id))) throw new NotFoundException();
      const good = await manager.findOneOrFail(Good, { where: { id }, relations: { residence: true, facilities: true } });
      const files = filesNaming(await this.events.emitAsync(GOOD_EVENTS.removing, new GoodRemoving(manager, id)));
      if (files > 0) {
        throw new ConflictError(
          `Le bien ${good.reference} figure dans ${plural(files, 'dossier', 'dossiers')} : le supprimer les priverait du logement demandé. Désactivez-le plutôt : il ne sera plus proposé sur le site.`,
        );
      }
      const pictures = await this.images.deleteAllOf(manager, { owner: 'good', owner_id: id });
      const before = formOf(good);
      await manager.remove(good);
      await this.history.record({ subject: 'good', subjectId: id, actor, action: 'Suppression', changes: changedFields(before, {}) }, manager);
      return { removeFiles: pictures, residence: good.residence.id };
    });
    await removeFiles();
    await this.events.emitAsync(GOOD_EVENTS.changed, new GoodChanged(id, 'removed', [residence], true));
    return { id };
  }

  /**
   * What the schema cannot tell: the residence exists, the reference is free, the facilities are equipments of a good,
   * and a good offered on the site has a rent within the LLI ceiling of its residence's zone (`rentCeilingProblem`).
   */
  private async checkReferences(fields: GoodRequest, id?: number): Promise<void> {
    const [zone, sameReference, facilities] = await Promise.all([
      this.residences.zoneOf(fields.residence),
      this.goods.findOne({ select: { id: true }, where: { reference: fields.reference } }),
      this.equipments.idsOfType(fields.facilities, 'good'),
    ]);
    const problems: Record<string, string> = {};
    if (zone === null) problems.residence = 'Cette résidence n’existe pas : choisissez-en une de la liste.';
    const aboveCeiling = zone === null ? null : rentCeilingProblem(fields, zone);
    if (aboveCeiling) problems.rent_price = aboveCeiling;
    if (sameReference && sameReference.id !== id) problems.reference = REFERENCE_TAKEN;
    if (facilities.length !== fields.facilities.length) problems.facilities = 'Choisissez des équipements de logement de la liste.';
    if (Object.keys(problems).length > 0) throw new FieldsError(problems);
  }


  private async setFacilities(manager: EntityManager, id: number, before: readonly number[], after: readonly number[]): Promise<void> {
    const added = after.filter((equipment) => !before.includes(equipment));
    const removed = before.filter((equipment) => !after.includes(equipment));
    if (added.length + removed.length > 0) await manager.createQueryBuilder().relation(Good, 'facilities').of(id).addAndRemove(added, removed);
  }
}
