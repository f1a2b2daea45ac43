import { Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  usageText,
  type EquipmentAdminView,
  type EquipmentAnswer,
  type EquipmentRequest,
  type EquipmentUpdateRequest,
  type ListAnswer,
  type equipmentListSchema,
} from '@hsa-lli/common/back-office';
import type { z } from 'zod/mini';
import type { EquipmentType } from '@hsa-lli/common/domain';
import { In, type DataSource, type Repository } from 'typeorm';
import type { SessionUser } from '../auth/session-user.js';
import { ConflictError } from '../http/api-errors.js';
import { claimVersion, listAnswer, lockForDeletion, pageOf, type ListSpec } from '../database/list-query.js';
import { changedFields, HistoryService } from '../history/history.service.js';
import { Equipment } from './entities/equipment.entity.js';
import { toEquipmentView } from './equipment-view.js';
import { EQUIPMENT_EVENTS, EquipmentChanged } from './equipments.events.js';

type ListRequest = z.output<typeof equipmentListSchema>;
type Column = NonNullable<ListRequest['sort']>['column'];

const LIST: ListSpec<Column> = {
  search: ['equipment.name'],
  sort: { name: 'equipment.name', type: 'equipment.type' },
  defaultSort: { column: 'name', direction: 'asc' },
};

/** The form's fields of an equipment, as the history compares them. */
const formOf = (equipment: Equipment): EquipmentRequest => ({ name: equipment.name, type: equipment.type });

@Injectable()
export class EquipmentsService {
  constructor(
    @InjectRepository(Equipment) private readonly equipments: Repository<Equipment>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly history: HistoryService,
    private readonly events: EventEmitter2,
  ) {}

  /** One page of the equipments, with where each is used; or the one of `id` (spec section 7). */
  async list(request: ListRequest): Promise<ListAnswer<EquipmentAdminView>> {
    const query = this.equipments.createQueryBuilder('equipment');
    if (request.id !== undefined) query.andWhere('equipment.id = :id', { id: request.id });
    if (request.filters?.type) query.andWhere('equipment.type = :type', { type: request.filters.type });
    const page = await pageOf(query, request, LIST);
    const usage = await this.usage(page.rows.map((equipment) => equipment.id));
    return listAnswer(page, (equipment) => toAdminView(equipment, usage));
  }

  async getOne(id: number): Promise<EquipmentAnswer> {
    const equipment = await this.equipments.findOneBy({ id });
    if (!equipment) throw new NotFoundException();
    return { equipment: toAdminView(equipment, await this.usage([id])), history: await this.history.list('equipment', id) };
  }

  async create(fields: EquipmentRequest, actor: SessionUser): Promise<EquipmentAnswer> {
    const id = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(manager.create(Equipment, fields));
      await this.history.record({ subject: 'equipment', subjectId: saved.id, actor, action: 'Création', changes: changedFields({}, fields) }, manager);
      return saved.id;
    });
    await this.events.emitAsync(EQUIPMENT_EVENTS.changed, new EquipmentChanged(id, 'created'));
    return this.getOne(id);
  }

  async update({ id, version, ...fields }: EquipmentUpdateRequest, actor: SessionUser): Promise<EquipmentAnswer> {
    await this.dataSource.transaction(async (manager) => {
      const equipment = await manager.findOneBy(Equipment, { id });
      if (!equipment) throw new NotFoundException();
      await claimVersion(manager, Equipment, id, version);
      if (fields.type !== equipment.type) {
        const { residences, goods } = (await this.usage([id])).get(id)!;
        if (residences + goods > 0) {
          throw new ConflictError(
            `« ${equipment.name} » est indiqué pour ${usageText({ residences, goods })} : son type ne peut changer qu’une fois retiré de leurs fiches. Créez plutôt un autre équipement.`,
          );
        }
      }
      const changes = changedFields(formOf(equipment), fields);
      await manager.update(Equipment, { id }, fields);
      if (changes.length > 0) await this.history.record({ subject: 'equipment', subjectId: id, actor, action: 'Modification', changes }, manager);
    });
    await this.events.emitAsync(EQUIPMENT_EVENTS.changed, new EquipmentChanged(id, 'updated'));
    return this.getOne(id);
  }

  /** An equipment listed by a residence or a good stays: removing it would change what they show. */
  async delete(id: number, actor: SessionUser): Promise<{ id: number }> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await lockForDeletion(manager, Equipment, id))) throw new NotFoundException();
      const { equipment } = await this.getOne(id);
      const { residences, goods } = equipment.used_by;
      if (residences + goods > 0) {
        throw new ConflictError(
          `« ${equipment.name} » est encore indiqué pour ${usageText({ residences, goods })} : retirez-le de leurs fiches avant de le supprimer.`,
        );
      }
      await manager.delete(Equipment, { id });
      await this.history.record({ subject: 'equipment', subjectId: id, actor, action: 'Suppression', changes: changedFields({ name: equipment.name, type: equipment.type }, {}) }, manager);
    });
    await this.events.emitAsync(EQUIPMENT_EVENTS.changed, new EquipmentChanged(id, 'removed'));
    return { id };
  }

  /** Those of these ids that are equipments of that type: what a residence or a good may list. */
  async idsOfType(ids: readonly number[], type: EquipmentType): Promise<number[]> {
    if (ids.length === 0) return [];
    const equipments = await this.equipments.find({ select: { id: true }, where: { id: In([...ids]), type } });
    return equipments.map((equipment) => equipment.id);
  }

  /** How many residences and goods list each of these equipments. */
  private async usage(ids: number[]): Promise<Usage> {
    const usage: Usage = new Map(ids.map((id) => [id, { residences: 0, goods: 0 }]));
    if (ids.length === 0) return usage;
    const count = async (table: string, key: 'residences' | 'goods') => {
      const rows: { id: number; count: number | string }[] = await this.dataSource
        .createQueryBuilder()
        .select('facility.equipmentsId', 'id')
        .addSelect('COUNT(*)', 'count')
        .from(table, 'facility')
        .where('facility.equipmentsId IN (:...ids)', { ids })
        .groupBy('facility.equipmentsId')
        .getRawMany();
      for (const row of rows) usage.get(Number(row.id))![key] = Number(row.count);
    };
    await Promise.all([count('residence_facilities', 'residences'), count('good_facilities', 'goods')]);
    return usage;
  }
}

type Usage = Map<number, EquipmentAdminView['used_by']>;


function toAdminView(equipment: Equipment, usage: Usage): EquipmentAdminView {
  return { ...toEquipmentView(equipment), version: equipment.version, used_by: usage.get(equipment.id) ?? { residences: 0, goods: 0 } };
}
