import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import { IMAGE_WIDTHS, type ImageView, type ImageWidth } from '@hsa-lli/common/domain';
import { IMAGE_MAX_PIXELS, UPLOAD_REFUSED, imageTooManyPixels, notAnImage, unreadableImage, type ImageOwner } from '@hsa-lli/common/back-office';
import { fileTypeFromFile } from 'file-type';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { EntityManager, Repository } from 'typeorm';
import { mayUse } from '../auth/access-rules.js';
import type { SessionUser } from '../auth/session-user.js';
import { FieldsError } from '../http/api-errors.js';
import { FilePool } from '../vault/file-pool.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Good } from '../goods/entities/good.entity.js';
import { HistoryService } from '../history/history.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { Residence } from '../residences/entities/residence.entity.js';
import type { ImageReorderRequest, ImageTarget, ImageUpdateRequest } from './dto/images.dto.js';
import { Image, type ImageKind } from './entities/image.entity.js';
import { IMAGE_EVENTS, ImagesChanged } from './images.events.js';

/** The page of the staff who manage residences and goods: they see every picture, and change them. */
export const CATALOGUE_PAGE = '/admin/liste-des-residences/[id]';

/** Whether visitors may see a picture: one of a published residence, or of an enabled good in one. */
export function isPublicImage(image: Image): boolean {
  if (image.residence) return image.residence.status === 'published';
  return image.good !== null && image.good.enabled && image.good.residence.status === 'published';
}

export function toImageView(image: Image): ImageView {
  return {
    id: image.id,
    kind: image.kind,
    url: `/api/images/${image.id}`,
    width: image.width,
    height: image.height,
    alt: image.alt,
  };
}

/** Public pictures of residences and goods, kept apart from private documents. */
export function imagesDir(dataDir: string): string {
  return join(dataDir, 'public', 'images');
}

/** Where uploaded files wait, private, while their request is handled: they are removed at its end. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** An original as stored: re-encoded, upright, without metadata. */
interface StoredOriginal {
  fileName: string;
  contentType: string;
  width: number;
  height: number;
}

/** A file multer wrote to disk for one upload. */
export interface UploadedFile {
  path: string;
  /** The name the browser gave: shown in messages, never trusted. */
  originalname: string;
}

const JPEG: { extension: string; contentType: string; encode: (picture: Sharp) => Sharp } = {
  extension: 'jpg',
  contentType: 'image/jpeg',
  encode: (picture) => picture.jpeg({ quality: 90, mozjpeg: true }),
};

/**
 * The formats taken, told by their content: each is stored again, upright and without metadata, in its own format but
 * HEIC/HEIF (phones' photos), stored as JPEG, which every browser shows.
 */
const FORMATS: Record<string, { extension: string; contentType: string; encode: (picture: Sharp) => Sharp }> = {
  'image/jpeg': JPEG,
  'image/png': { extension: 'png', contentType: 'image/png', encode: (picture) => picture.png() },
  'image/webp': { extension: 'webp', contentType: 'image/webp', encode: (picture) => picture.webp({ quality: 90 }) },
  'image/heic': JPEG,
  'image/heif': JPEG,
};

const WORDS: Record<ImageKind, { one: string; many: string; added: string; addedMany: string; removed: string; eachOnce: string }> = {
  photo: { one: 'Photo', many: 'photos', added: 'Photo ajoutée', addedMany: 'Photos ajoutées', removed: 'Photo supprimée', eachOnce: 'chacune des photos de cette liste une fois, et elles seules' },
  plan: { one: 'Plan', many: 'plans', added: 'Plan ajouté', addedMany: 'Plans ajoutés', removed: 'Plan supprimé', eachOnce: 'chacun des plans de cette liste une fois, et eux seuls' },
};

/** A residence or a good, as its pictures need it: to tell it exists, and to describe them. */
interface Owner {
  owner: ImageOwner;
  id: number;
  /** « de la résidence Arrosa », « du logement RES-001-02 ». */
  label: string;
}

/** The default alternative text of a new picture: what it is, and of what. */
export function defaultAlt(kind: ImageKind, owner: Owner): string {
  return `${WORDS[kind].one} ${owner.label}`;
}

/**
 * Pictures of residences and goods: staff upload them (only real JPEG, PNG and WebP images, stored again upright and
 * without their metadata), order, describe and delete them. Each original is rendered at the widths of the site, in
 * WebP, by a job of the `images` queue; a width asked for before its job ran is rendered then. Renderings are kept
 * next to the originals and served from there afterwards.
 */
@Injectable()
export class ImagesService {
  private readonly rendering = new Map<string, Promise<string>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Image) private readonly images: Repository<Image>,
    private readonly history: HistoryService,
    private readonly jobs: JobsService,
    private readonly files: FilePool,
    private readonly events: EventEmitter2,
  ) {
    jobs.register('images', 'renditions', (data) => this.renderWidths((data as { ids: number[] }).ids));
  }

  /** A picture with what it shows (its residence, or its good and the good's residence). */
  find(id: number): Promise<Image | null> {
    return this.images.findOne({ where: { id }, relations: { residence: true, good: { residence: true } } });
  }

  /** The pictures of one kind of a residence or a good, in their order; null when it does not exist. */
  async list(target: ImageTarget): Promise<ImageView[] | null> {
    if (!(await this.owner(this.images.manager, target))) return null;
    return (await this.ofTarget(this.images.manager, target)).map(toImageView);
  }

  /**
   * Adds pictures after the existing ones, all of them or none: a file that is not a JPEG, PNG, WebP or HEIC image by its
   * content, or that cannot be read whole, refuses the upload. The uploaded files are removed in any case.
   */
  async upload(target: ImageTarget, files: readonly UploadedFile[], actor: SessionUser): Promise<ImageView[] | null> {
    try {
      const owner = await this.owner(this.images.manager, target);
      if (!owner) return null;
      if (files.length === 0) throw new FieldsError({ files: 'Choisissez au moins une image.' }, UPLOAD_REFUSED);
      const stored = await this.storeOriginals(files, `${target.owner}-${target.owner_id}`);
      let ids: number[];
      try {
        ids = await this.images.manager.transaction(async (manager) => {
          const existing = await this.ofTarget(manager, target);
          const next = existing.reduce((last, image) => Math.max(last, image.position + 1), 0);
          const created = await manager.save(
            stored.map((original, index) =>
              manager.create(Image, {
                ...this.ownerRelation(target),
                kind: target.kind,
                position: next + index,
                fileName: original.fileName,
                contentType: original.contentType,
                width: original.width,
                height: original.height,
                alt: defaultAlt(target.kind, owner),
              }),
            ),
          );
          const words = WORDS[target.kind];
          const action = created.length === 1 ? words.added : `${words.addedMany} (${created.length})`;
          await this.history.record({ subject: owner.owner, subjectId: owner.id, actor, action }, manager);
          return created.map((image) => image.id);
        });
      } catch (error) {
        await Promise.all(stored.map((original) => rm(join(imagesDir(this.config.dataDir), original.fileName), { force: true })));
        throw error;
      }
      await this.jobs.enqueue('images', 'renditions', { ids });
      await this.events.emitAsync(IMAGE_EVENTS.changed, new ImagesChanged(ids));
      return this.list(target);
    } finally {
      await Promise.all(files.map((file) => rm(file.path, { force: true })));
    }
  }

  /** Changes one picture's alternative text; null when the picture does not exist. */
  async updateAlt({ id, alt }: ImageUpdateRequest, actor: SessionUser): Promise<ImageView | null> {
    const view = await this.images.manager.transaction(async (manager) => {
      const image = await manager.findOne(Image, { where: { id }, relations: { residence: true, good: true } });
      if (!image) return null;
      const before = image.alt;
      image.alt = alt;
      await manager.save(image);
      const { owner, owner_id } = ownerOf(image);
      await this.history.record({ subject: owner, subjectId: owner_id, actor, action: 'Texte alternatif modifié', changes: [{ field: 'alt', before, after: alt }] }, manager);
      return toImageView(image);
    });
    if (view) await this.events.emitAsync(IMAGE_EVENTS.changed, new ImagesChanged([id]));
    return view;
  }

  /** Puts an owner's pictures of one kind in the order given, which must name each of them once. */
  async reorder({ ids, ...target }: ImageReorderRequest, actor: SessionUser): Promise<ImageView[] | null> {
    const views = await this.images.manager.transaction(async (manager) => {
      const owner = await this.owner(manager, target);
      if (!owner) return null;
      const images = await this.ofTarget(manager, target);
      const known = images.map((image) => image.id).sort((a, b) => a - b);
      const asked = [...ids].sort((a, b) => a - b);
      if (known.length !== asked.length || known.some((id, index) => id !== asked[index])) {
        throw new FieldsError({ ids: `Indiquez ${WORDS[target.kind].eachOnce} : rechargez la page.` });
      }
      const byId = new Map(images.map((image) => [image.id, image]));
      const ordered = ids.map((id, position) => Object.assign(byId.get(id)!, { position }));
      await manager.save(ordered);
      await this.history.record({ subject: owner.owner, subjectId: owner.id, actor, action: `Ordre des ${WORDS[target.kind].many} modifié` }, manager);
      return ordered.map(toImageView);
    });
    if (views) await this.events.emitAsync(IMAGE_EVENTS.changed, new ImagesChanged(ids));
    return views;
  }

  /** Deletes one picture, its file and its renderings; answers the ones left of its owner and kind, null when it does not exist. */
  async delete(id: number, actor: SessionUser): Promise<ImageView[] | null> {
    const removed = await this.images.manager.transaction(async (manager) => {
      const image = await manager.findOne(Image, { where: { id }, relations: { residence: true, good: true } });
      if (!image) return null;
      await manager.remove(image);
      const { owner, owner_id } = ownerOf(image);
      await this.history.record({ subject: owner, subjectId: owner_id, actor, action: WORDS[image.kind].removed }, manager);
      return Object.assign(image, { id });
    });
    if (!removed) return null;
    await this.removeFiles(removed);
    await this.events.emitAsync(IMAGE_EVENTS.changed, new ImagesChanged([id]));
    return this.list({ ...ownerOf(removed), kind: removed.kind });
  }

  /**
   * A picture's file at one of the site's widths for whoever asks (`reader`, undefined for a visitor), and whether it is
   * public. A picture of what visitors cannot see (an unpublished residence, a disabled good) is for the staff who manage
   * the catalogue only: null for anybody else, as for an unknown picture.
   */
  async fileFor(id: number, width: ImageWidth, reader: Pick<SessionUser, 'roles'> | undefined): Promise<{ path: string; visible: boolean } | null> {
    const image = await this.find(id);
    if (!image) return null;
    const visible = isPublicImage(image);
    if (!visible && !(reader && mayUse(reader.roles, CATALOGUE_PAGE))) return null;
    return { path: await this.rendition(image, width), visible };
  }

  async rendition(image: Image, width: ImageWidth): Promise<string> {
    const folder = renditionsDir(this.config.dataDir);
    const target = join(folder, renditionName(image.id, width));
    if (existsSync(target)) return target;
    let pending = this.rendering.get(target);
    if (!pending) {
      pending = this.render(join(imagesDir(this.config.dataDir), image.fileName), image.width, width, folder, target);
      this.rendering.set(target, pending);
      void pending.finally(() => this.rendering.delete(target)).catch(() => undefined);
    }
    return pending;
  }

  /** The `images` job: every width of each new picture, so that visitors never wait for one. */
  private async renderWidths(ids: readonly number[]): Promise<{ rendered: number }> {
    let rendered = 0;
    for (const id of ids) {
      const image = await this.images.findOneBy({ id });
      if (!image) continue;
      try {
        for (const width of IMAGE_WIDTHS) {
          await this.rendition(image, width);
          rendered += 1;
        }
      } catch (error) {
        // A picture deleted meanwhile has lost its original; any other failure is the job's.
        if (await this.images.existsBy({ id })) throw error;
      }
      // Deleted while it was being rendered: its renderings go with it.
      if (!(await this.images.existsBy({ id }))) await this.removeFiles(image);
    }
    return { rendered };
  }

  private async render(source: string, originalWidth: number, width: number, folder: string, target: string): Promise<string> {
    await mkdir(folder, { recursive: true });
    const partial = `${target}.${process.pid}.${randomUUID()}.tmp`;
    // A vector original is drawn at the size asked rather than enlarged from its nominal size; a bitmap narrower
    // than the width asked keeps its own, since enlarging it would add bytes and no detail.
    const vector = source.endsWith('.svg');
    const density = vector ? Math.max(72, Math.ceil((72 * width) / originalWidth)) : undefined;
    await sharp(source, { density }).resize({ width, withoutEnlargement: !vector }).webp({ quality: 78 }).toFile(partial);
    await rename(partial, target);
    return target;
  }

  /**
   * Checks and stores each uploaded file as a new original: its content must be a JPEG, PNG, WebP or HEIC image that
   * decodes whole. On the first refusal, what was already written is removed and the upload refused, naming the file.
   */
  private async storeOriginals(files: readonly UploadedFile[], prefix: string): Promise<StoredOriginal[]> {
    const folder = imagesDir(this.config.dataDir);
    await mkdir(folder, { recursive: true });
    const written: string[] = [];
    const stored: StoredOriginal[] = [];
    try {
      for (const file of files) {
        const detected = await fileTypeFromFile(file.path);
        const format = detected && FORMATS[detected.mime];
        if (!detected || !format) throw new FieldsError({ files: notAnImage(file.originalname) }, UPLOAD_REFUSED);
        const fileName = `${prefix}-${randomUUID()}.${format.extension}`;
        written.push(fileName);
        // Its header tells its size without decoding it (sharp's own pixel limit would take a huge picture for a broken
        // one): a picture too large to decode safely is refused first.
        const { width = 0, height = 0 } = await sharp(file.path, { limitInputPixels: false }).metadata().catch(() => ({ width: 0, height: 0 }));
        if (width * height > IMAGE_MAX_PIXELS) throw new FieldsError({ files: imageTooManyPixels(file.originalname) }, UPLOAD_REFUSED);
        try {
          const source = format === JPEG && detected.mime !== 'image/jpeg' ? await this.heicToJpeg(file.path) : file.path;
          // Turned upright by its EXIF orientation, then written without any metadata (EXIF, GPS position, comments).
          const info = await format.encode(sharp(source, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS }).rotate()).toFile(join(folder, fileName));
          stored.push({ fileName, contentType: format.contentType, width: info.width, height: info.height });
        } catch {
          throw new FieldsError({ files: unreadableImage(file.originalname) }, UPLOAD_REFUSED);
        }
      }
      return stored;
    } catch (error) {
      await Promise.all(written.map((fileName) => rm(join(folder, fileName), { force: true })));
      throw error;
    }
  }

  /** A HEIC/HEIF photo decoded off the event loop (FilePool), in the private uploads folder while it is decoded. */
  private async heicToJpeg(path: string): Promise<Buffer> {
    const result = await this.files.runWithScratch(uploadsDir(this.config.dataDir), (scratch) => ({ task: 'heic-to-jpeg', path, decoding: { heic: this.files.heic, scratch } }));
    if ('refused' in result) throw new Error(result.refused);
    return Buffer.from(result.bytes);
  }

  /**
   * Deletes the pictures of a residence or a good being deleted, in the caller's transaction. The files go once the
   * transaction has committed: the returned function removes them (the rows would otherwise vanish by cascade and
   * leave their files behind).
   */
  async deleteAllOf(manager: EntityManager, owner: Pick<ImageTarget, 'owner' | 'owner_id'>): Promise<() => Promise<void>> {
    const images = await manager.find(Image, { where: this.ownerRelation(owner) });
    if (images.length > 0) await manager.delete(Image, images.map((image) => image.id));
    return async () => {
      await Promise.all(images.map((image) => this.removeFiles(image)));
    };
  }

  private async removeFiles(image: Image): Promise<void> {
    const renditions = renditionsDir(this.config.dataDir);
    await Promise.all([
      rm(join(imagesDir(this.config.dataDir), image.fileName), { force: true }),
      ...IMAGE_WIDTHS.map((width) => rm(join(renditions, renditionName(image.id, width)), { force: true })),
    ]);
  }

  private ownerRelation({ owner, owner_id }: Pick<ImageTarget, 'owner' | 'owner_id'>) {
    return owner === 'residence' ? { residence: { id: owner_id } as Residence } : { good: { id: owner_id } as Good };
  }

  private ofTarget(manager: EntityManager, target: ImageTarget): Promise<Image[]> {
    const owner = target.owner === 'residence' ? { residence: { id: target.owner_id } } : { good: { id: target.owner_id } };
    return manager.find(Image, { where: { ...owner, kind: target.kind }, order: { position: 'ASC', id: 'ASC' } });
  }

  /**
   * The residence or good the pictures belong to, read for its name only. Read here rather than through their services:
   * GoodsModule and ResidencesModule import ImagesModule, which cannot import them back.
   */
  private async owner(manager: EntityManager, { owner, owner_id: id }: Pick<ImageTarget, 'owner' | 'owner_id'>): Promise<Owner | null> {
    if (owner === 'residence') {
      const residence = await manager.findOne(Residence, { where: { id }, select: { id: true, name: true } });
      return residence && { owner: 'residence', id, label: `de la résidence ${residence.name.replace(/^résidence\s+/i, '')}` };
    }
    const good = await manager.findOne(Good, { where: { id }, select: { id: true, reference: true } });
    return good && { owner: 'good', id, label: `du logement ${good.reference}` };
  }
}

function renditionsDir(dataDir: string): string {
  return join(imagesDir(dataDir), 'renditions');
}

function renditionName(id: number, width: ImageWidth): string {
  return `${id}-${width}.webp`;
}

/** Whose picture it is: where its changes are recorded, and whose pictures are answered after it. */
function ownerOf(image: Image): Pick<ImageTarget, 'owner' | 'owner_id'> {
  return image.residence ? { owner: 'residence', owner_id: image.residence.id } : { owner: 'good', owner_id: image.good!.id };
}
