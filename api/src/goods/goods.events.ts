import type { EntityManager } from 'typeorm';

/**
 * What the goods tell the rest of the API (docs/api-convention.md, « When something changed »). GoodsService emits
 * them through Nest's event emitter; the files list's upkeep (records/) and the public pages' prerendering (seo/)
 * listen. The goods never call those domains themselves.
 */
export const GOOD_EVENTS = {
  /** GoodChanged: once the change is committed, awaited (`emitAsync`), so that its effects are there when the API answers. */
  changed: 'good.changed',
  /** GoodRemoving: in the removal's transaction, before the good is removed; what the listeners answer is awaited. */
  removing: 'good.removing',
} as const;

export class GoodChanged {
  constructor(
    readonly goodId: number,
    readonly change: 'created' | 'updated' | 'removed',
    /** The residence that holds it, and the one it left when it moved: the residences whose pages show it. */
    readonly residenceIds: readonly number[],
    /** What a file wishing it wishes changed (another residence, another flat size), or it is gone. */
    readonly wishChanged: boolean,
  ) {}
}

/**
 * A good about to be removed, in the removal's transaction (`manager`). Each listener answers how many application
 * files still name it (a number, 0 for none), and may prepare, in that transaction, what the removal changes for it:
 * the removal is refused when any file names it, and everything is undone with it.
 */
export class GoodRemoving {
  constructor(
    readonly manager: EntityManager,
    readonly goodId: number,
  ) {}
}
