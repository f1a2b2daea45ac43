import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  residenceAdminListSchema,
  type ListAnswer,
  type ResidenceAdminView,
  type ResidenceAnswer,
  type ResidenceRequest,
  type ResidenceRow,
  type ResidenceUpdateRequest,
} from '@hsa-lli/common/back-office';
import { findCommune, plural, slugify } from '@hsa-lli/common/domain';
import { Not, type DataSource, type EntityManager, type Repository } from 'typeorm';
import type { z } from 'zod/mini';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError, FieldsError } from '../http/api-errors.js';
import { uniqueOrFieldError } from '../database/database-errors.js';
import { filesNaming } from '../events/answers.js';
import { claimVersion, listAnswer, lockForDeletion, pageOf, type ListSpec } from '../database/list-query.js';
import { EquipmentsService } from '../equipments/equipments.service.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { ImagesService, toImageView } from '../images/images.service.js';
import { toCityView } from '../reference/commune-view.js';
import type { Commune } from '../reference/entities/commune.entity.js';
import { Residence } from './entities/residence.entity.js';
import { RESIDENCE_EVENTS, ResidenceChanged, ResidenceRemoving } from './residences.events.js';

type ListRequest = z.output<typeof residenceAdminListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];

const LIST: ListSpec<Column> = {
  search: ['residence.reference', 'residence.name', 'city.name'],
  sort: { reference: 'residence.reference', name: 'residence.name', city: 'city.name', status: 'residence.status', updated_at: 'residence.updatedAt' },
  defaultSort: { column: 'name', direction: 'asc' },
};

const REFERENCE_TAKEN = 'Cette référence est déjà celle d’une autre résidence.';

/** The form's fields of a residence, as get-one answers them and the history compares them. */
function formOf(residence: Residence): Omit<ResidenceRequest, 'area'> {
  return {
    status: residence.status,
    closed_label: residence.closedLabel,
    reference: residence.reference,
    name: residence.name,
    city: residence.city.insee,
    neighborhood: residence.neighborhood,
    delivery_date: residence.deliveryDate,
    limit_date: residence.limitDate,
    facilities: residence.facilities.map((equipment) => equipment.id).sort((a, b) => a - b),
    advantages: residence.advantages,
    certifications: residence.certifications,
    description: residence.description,
    district_desc: residence.districtDesc,
    address_line_1: residence.addressLine1,
    address_line_2: residence.addressLine2,
  };
}

/** Empty optional texts are stored as null; the closing label means something only for a closed residence. */
function cleaned({ area: _area, ...fields }: ResidenceRequest): Omit<ResidenceRequest, 'area'> {
  const orNull = (text: string | null) => (text ? text : null);
  return {
    ...fields,
    closed_label: fields.status === 'closed' ? orNull(fields.closed_label) : null,
    neighborhood: orNull(fields.neighborhood),
    district_desc: orNull(fields.district_desc),
    address_line_2: orNull(fields.address_line_2),
    facilities: [...fields.facilities].sort((a, b) => a - b),
  };
}

/**
 * The residences as staff manage them (the back office): the public site's side is ResidencesService. Both own the
 * residences' repository.
 */
@Injectable()
export class ResidencesAdminService {
  constructor(
    @InjectRepository(Residence) private readonly residences: Repository<Residence>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly equipments: EquipmentsService,
    private readonly images: ImagesService,
    private readonly history: HistoryService,
    private readonly events: EventEmitter2,
  ) {}

  async list(request: ListRequest): Promise<ListAnswer<ResidenceRow>> {
    const query = this.residences.createQueryBuilder('residence').innerJoinAndSelect('residence.city', 'city');
    const { status, city, zone } = request.filters ?? {};
    if (status) query.andWhere('residence.status = :status', { status });
    if (city) query.andWhere('city.insee = :city', { city });
    if (zone) query.andWhere('residence.area = :zone', { zone });
    const page = await pageOf(query, request, LIST);
    const counts = await this.goodsCounts(page.rows.map((residence) => residence.id));
    return listAnswer(page, (residence) => ({
      id: residence.id,
      reference: residence.reference,
      name: residence.name,
      status: residence.status,
      closed_label: residence.closedLabel,
      city: toCityView(residence.city),
      area: residence.area,
      goods_count: counts.get(residence.id) ?? 0,
      updated_at: residence.updatedAt.toISOString(),
      version: residence.version,
    }));
  }

  async getOne(id: number): Promise<ResidenceAnswer> {
    const residence = await this.residences.findOne({
      where: { id },
      relations: { facilities: true, photos: true, goods: true },
      order: { photos: { position: 'ASC' }, goods: { reference: 'ASC' } },
    });
    if (!residence) throw new NotFoundException();
    return { residence: toAdminView(residence), history: await this.history.list('residence', id) };
  }

  async create(request: ResidenceRequest, actor: SessionUser): Promise<ResidenceAnswer> {
    const fields = cleaned(request);
    await this.check(fields);
    const { id, slug } = await uniqueOrFieldError(() =>
      this.dataSource.transaction(async (manager) => {
        const slug = await this.freeSlug(manager, `${fields.name} ${findCommune(fields.city)!.label}`);
        const saved = await manager.save(manager.create(Residence, { ...this.columnsOf(fields), slug }));
        await this.history.record({ subject: 'residence', subjectId: saved.id, actor, action: 'Création', changes: changedFields({}, fields) }, manager);
        return { id: saved.id, slug };
      }), { reference: REFERENCE_TAKEN });
    await this.events.emitAsync(RESIDENCE_EVENTS.changed, new ResidenceChanged(id, 'created', slug, false));
    return this.getOne(id);
  }

  async update({ id, version, ...request }: ResidenceUpdateRequest, actor: SessionUser): Promise<ResidenceAnswer> {
    const fields = cleaned(request);
    await this.check(fields, id);
    const { slug, rezoned } = await uniqueOrFieldError(() =>
      this.dataSource.transaction(async (manager) => {
        const residence = await manager.findOne(Residence, { where: { id }, relations: { facilities: true } });
        if (!residence) throw new NotFoundException();
        await claimVersion(manager, Residence, id, version);
        const changes = changedFields(formOf(residence), fields);
        const area = residence.area;
        // The public address (slug) stays: links already shared keep working after a change of name.
        await manager.save(Object.assign(residence, this.columnsOf(fields), { version: version + 1 }));
        if (changes.length > 0) await this.history.record({ subject: 'residence', subjectId: id, actor, action: actionOf(changes), changes }, manager);
        // In another zone, it has other income ceilings: the eligibility of the files that wish it changes.
        return { slug: residence.slug, rezoned: residence.area !== area };
      }), { reference: REFERENCE_TAKEN });
    await this.events.emitAsync(RESIDENCE_EVENTS.changed, new ResidenceChanged(id, 'updated', slug, rezoned));
    return this.getOne(id);
  }

  /**
   * A residence that still has goods, or that application files name, stays: it can be closed or put back to draft
   * instead, which takes it off the public site.
   */
  async delete(id: number, actor: SessionUser): Promise<{ id: number }> {
    const { removeFiles, slug } = await this.dataSource.transaction(async (manager) => {
      if (!(await lockForDeletion(manager, Residence, id))) throw new NotFoundException();
      const { residence } = await this.getOne(id);
      const files = filesNaming(await this.events.emitAsync(RESIDENCE_EVENTS.removing, new ResidenceRemoving(manager, id)));
      if (residence.goods.length > 0 || files > 0) {
        const reasons = [
          residence.goods.length > 0 ? `elle compte encore ${plural(residence.goods.length, 'bien', 'biens')}` : null,
          files > 0 ? plural(files, 'dossier la mentionne', 'dossiers la mentionnent') : null,
        ].filter(Boolean);
        throw new ConflictError(
          `La résidence « ${residence.name} » ne peut pas être supprimée : ${reasons.join(' et ')}. Pour la retirer du site, passez-la en « Brouillon » ou « Fermée ».`,
        );
      }
      const pictures = await this.images.deleteAllOf(manager, { owner: 'residence', owner_id: id });
      await manager.remove(await manager.findOneByOrFail(Residence, { id }));
      const { id: _id, slug: _slug, version: _version, _city, photos: _photos, goods: _goods, updated_at: _updated, ...fields } = residence;
      await this.history.record({ subject: 'residence', subjectId: id, actor, action: 'Suppression', changes: changedFields(fields, {}) }, manager);
      return { removeFiles: pictures, slug: residence.slug };
    });
    await removeFiles();
    await this.events.emitAsync(RESIDENCE_EVENTS.changed, new ResidenceChanged(id, 'removed', slug, true));
    return { id };
  }

  private columnsOf(fields: Omit<ResidenceRequest, 'area'>): Partial<Residence> {
    const commune = findCommune(fields.city)!;
    return {
      status: fields.status,
      closedLabel: fields.closed_label,
      reference: fields.reference,
      name: fields.name,
      city: { insee: commune.value } as Commune,
      area: commune.areas,
      neighborhood: fields.neighborhood,
      deliveryDate: fields.delivery_date,
      limitDate: fields.limit_date,
      facilities: fields.facilities.map((id) => ({ id })) as Residence['facilities'],
      advantages: fields.advantages,
      certifications: fields.certifications,
      description: fields.description,
      districtDesc: fields.district_desc,
      addressLine1: fields.address_line_1,
      addressLine2: fields.address_line_2,
    };
  }

  /** What the schema cannot know: the equipments exist and are residences' ones, the reference is free. */
  private async check(fields: Omit<ResidenceRequest, 'area'>, id?: number): Promise<void> {
    const problems: Record<string, string> = {};
    const known = await this.equipments.idsOfType(fields.facilities, 'residence');
    if (known.length !== fields.facilities.length) problems.facilities = 'Choisissez les équipements parmi ceux des résidences.';
    if (await this.residences.existsBy({ reference: fields.reference, ...(id ? { id: Not(id) } : {}) })) problems.reference = REFERENCE_TAKEN;
    if (Object.keys(problems).length > 0) throw new FieldsError(problems);
  }


  /** The address of a new residence: from its name and commune, numbered when already taken. */
  private async freeSlug(manager: EntityManager, text: string): Promise<string> {
    const base = slugify(text).slice(0, 150);
    for (let suffix = 1; ; suffix += 1) {
      const slug = suffix === 1 ? base : `${base}-${suffix}`;
      if (!(await manager.existsBy(Residence, { slug }))) return slug;
    }
  }

  private async goodsCounts(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; count: number | string }[] = await this.residences
      .createQueryBuilder('residence')
      .select('residence.id', 'id')
      .addSelect('COUNT(good.id)', 'count')
      .innerJoin('residence.goods', 'good')
      .where('residence.id IN (:...ids)', { ids })
      .groupBy('residence.id')
      .getRawMany();
    return new Map(rows.map((row) => [Number(row.id), Number(row.count)]));
  }
}

/** A status change is named in the history, so that publications are easy to find. */
function actionOf(changes: { field: string; after: unknown }[]): string {
  const status = changes.find((change) => change.field === 'status');
  if (!status) return 'Modification';
  return { draft: 'Repassée en brouillon', published: 'Publication', closed: 'Fermeture' }[status.after as string] ?? 'Modification';
}

function toAdminView(residence: Residence): ResidenceAdminView {
  return {
    id: residence.id,
    slug: residence.slug,
    ...formOf(residence),
    area: residence.area,
    version: residence.version,
    _city: toCityView(residence.city),
    photos: residence.photos.map(toImageView),
    goods: residence.goods.map((good) => ({ id: good.id, reference: good.reference, flat_size: good.flatSize, enabled: good.enabled })),
    updated_at: residence.updatedAt.toISOString(),
  };
}
