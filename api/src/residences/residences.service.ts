import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { residenceStatusLabel, type ResidenceOption } from '@hsa-lli/common/back-office';
import { availabilityOf, goodPath, parisDay, type FlatSize, type ResidenceDetails, type ResidenceFilters, type ResidenceSummary, type Zone } from '@hsa-lli/common/domain';
import { In, type EntityManager, type Repository } from 'typeorm';
import { mayUse } from '../auth/access-rules.js';
import type { SessionUser } from '../auth/session-user.js';
import type { Good } from '../goods/entities/good.entity.js';
import { toGoodSummary } from '../goods/good-view.js';
import { toEquipmentView } from '../equipments/equipment-view.js';
import { toImageView } from '../images/images.service.js';
import { toCityView } from '../reference/commune-view.js';
import { Residence } from './entities/residence.entity.js';

/** Whether a good is a home a visitor can rent now or later (garages go with a flat, not alone). */
/** A home on offer, as an alert's e-mail names it. */
export interface OfferedHome {
  id: number;
  /** Its public page. */
  path: string;
  residence: string;
  city: string;
  flat_size: FlatSize;
  surface: number;
  rent_price_cents: number;
  /** The later day it can be let from (France's day); null when it can be let now. */
  available_from: string | null;
}

function isHome(good: Good): boolean {
  return good.enabled && good.flatSize !== 'garage';
}

function matches(good: Good, filters: ResidenceFilters, today: string): boolean {
  if (filters.flat_size && good.flatSize !== filters.flat_size) return false;
  if (filters.max_rent !== undefined && good.rentPriceCents > filters.max_rent * 100) return false;
  if (filters.available_now && availabilityOf({ available_from: good.availableFrom, occupied: good.occupied }, today).kind !== 'now') return false;
  return true;
}

const byPosition = { photos: { position: 'ASC' as const }, goods: { images: { position: 'ASC' as const } } };

@Injectable()
export class ResidencesService {
  constructor(@InjectRepository(Residence) private readonly residences: Repository<Residence>) {}

  /**
   * Published residences with at least one home that passes the filters; each summary counts the
   * homes that pass them. Without filters on homes, a published residence is listed even with none.
   */
  async listPublished(filters: ResidenceFilters = {}): Promise<ResidenceSummary[]> {
    const residences = await this.residences.find({
      where: { status: 'published', ...(filters.city ? { city: { insee: filters.city } } : {}), ...(filters.zone ? { area: filters.zone } : {}) },
      relations: { photos: true, goods: { images: true } },
      order: { name: 'ASC', ...byPosition },
    });
    const filtersHomes = filters.flat_size !== undefined || filters.max_rent !== undefined || filters.available_now === true;
    const today = parisDay(new Date());
    return residences.flatMap((residence) => {
      const homes = residence.goods.filter((good) => isHome(good) && matches(good, filters, today));
      if (filtersHomes && homes.length === 0) return [];
      return [
        {
          id: residence.id,
          slug: residence.slug,
          name: residence.name,
          city: toCityView(residence.city),
          area: residence.area,
          neighborhood: residence.neighborhood,
          photos: residence.photos.map(toImageView),
          goods_count: homes.length,
          min_rent_price_cents: homes.length ? Math.min(...homes.map((good) => good.rentPriceCents)) : null,
        },
      ];
    });
  }

  /**
   * The homes on offer that pass the filters: an enabled good of a published residence that can be let now or from a
   * later day (a let one is not on offer), what an alert tells of (alerts/).
   */
  async offeredHomes(filters: ResidenceFilters, today: string): Promise<OfferedHome[]> {
    const residences = await this.residences.find({
      where: { status: 'published', ...(filters.city ? { city: { insee: filters.city } } : {}), ...(filters.zone ? { area: filters.zone } : {}) },
      relations: { goods: true },
      order: { name: 'ASC' },
    });
    return residences.flatMap((residence) =>
      residence.goods
        .filter((good) => isHome(good) && !good.occupied && matches(good, filters, today))
        .sort((a, b) => a.rentPriceCents - b.rentPriceCents)
        .map((good) => ({
          id: good.id,
          path: goodPath(residence.slug, good),
          residence: residence.name,
          city: residence.city.name,
          flat_size: good.flatSize,
          surface: good.surface,
          rent_price_cents: good.rentPriceCents,
          available_from: good.availableFrom !== null && good.availableFrom > today ? good.availableFrom : null,
        })),
    );
  }

  /** A published residence and its enabled goods, or null. */
  async detailsBySlug(slug: string): Promise<ResidenceDetails | null> {
    const residence = await this.residences.findOne({
      where: { slug, status: 'published' },
      relations: { photos: true, facilities: true, goods: { images: true } },
      order: byPosition,
    });
    if (!residence) return null;
    return {
      id: residence.id,
      slug: residence.slug,
      name: residence.name,
      reference: residence.reference,
      status: residence.status,
      closed_label: residence.closedLabel,
      city: toCityView(residence.city),
      area: residence.area,
      neighborhood: residence.neighborhood,
      delivery_date: residence.deliveryDate,
      limit_date: residence.limitDate,
      facilities: residence.facilities.filter((equipment) => equipment.type === 'residence').map(toEquipmentView),
      advantages: residence.advantages,
      certifications: residence.certifications,
      description: residence.description,
      district_desc: residence.districtDesc,
      address_line_1: residence.addressLine1,
      address_line_2: residence.addressLine2,
      photos: residence.photos.map(toImageView),
      goods: residence.goods
        .filter((good) => good.enabled)
        .sort((a, b) => a.rentPriceCents - b.rentPriceCents)
        .map(toGoodSummary),
    };
  }

  /** Published residences with their goods (enabled or not), for the sitemap and the prerendering. */
  publishedWithGoods(): Promise<Residence[]> {
    return this.residences.find({ where: { status: 'published' }, relations: { goods: true }, order: { id: 'ASC' } });
  }

  /** When each published residence and each home offered on the site (isHome) was created, for the statistics. */
  async publishedCreations(): Promise<{ residences: Date[]; homes: Date[] }> {
    const residences = await this.residences.find({
      select: { id: true, createdAt: true, goods: { id: true, enabled: true, flatSize: true, createdAt: true } },
      where: { status: 'published' },
      relations: { goods: true },
    });
    return {
      residences: residences.map((residence) => new Date(residence.createdAt)),
      homes: residences.flatMap((residence) => residence.goods.filter(isHome).map((good) => new Date(good.createdAt))),
    };
  }

  /**
   * The residences a caller chooses among (`reader` undefined for a visitor): the published ones, but every residence
   * for the staff who manage goods or follow files.
   */
  optionsFor(id: number | undefined, reader: Pick<SessionUser, 'roles'> | undefined): Promise<ResidenceOption[]> {
    const everyStatus = reader !== undefined && (mayUse(reader.roles, '/admin/liste-des-biens') || mayUse(reader.roles, '/admin/liste-des-dossiers/[id]'));
    return this.options(id, everyStatus);
  }

  /**
   * Options of the published residences, for the forms of the public site; with `everyStatus`, of every residence,
   * its status in its label, for the back office's good form (which reads the zone for the LLI rent ceiling).
   */
  private async options(id?: number, everyStatus = false): Promise<ResidenceOption[]> {
    const residences = await this.residences.find({
      select: { id: true, name: true, status: true, area: true, city: { insee: true, name: true } },
      where: { ...(everyStatus ? {} : { status: 'published' as const }), ...(id ? { id } : {}) },
      order: { name: 'ASC' },
    });
    return residences.map((residence) => ({
      label: `${residence.name} — ${residence.city.name}${everyStatus ? ` (${residenceStatusLabel(residence.status).toLowerCase()})` : ''}`,
      value: residence.id,
      area: residence.area,
    }));
  }

  /** A residence's LLI zone (what its goods' rent ceiling depends on); null for an unknown id. */
  async zoneOf(id: number): Promise<Zone | null> {
    return (await this.residences.findOne({ select: { id: true, area: true }, where: { id } }))?.area ?? null;
  }

  /** Of these residences, the ids of the published ones: what a household may wish. */
  async publishedIds(ids: readonly number[], manager: EntityManager = this.residences.manager): Promise<number[]> {
    return (await manager.find(Residence, { select: { id: true }, where: { id: In([...ids]), status: 'published' } })).map((residence) => residence.id);
  }

  /** The public addresses of these residences (those that exist). */
  async slugsOf(ids: readonly number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await this.residences.find({ select: { id: true, slug: true }, where: { id: In([...ids]) } })).map((residence) => residence.slug);
  }

  /** The commune's name of each of these residences: what a page of their goods shows, read for that page only. */
  async communeNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const residences = await this.residences.find({ select: { id: true, city: { insee: true, name: true } }, where: { id: In([...ids]) } });
    return new Map(residences.map((residence) => [residence.id, residence.city.name]));
  }
}
