import type { EntityManager } from 'typeorm';

/**
 * What the residences tell the rest of the API (docs/api-convention.md, « When something changed »).
 * ResidencesAdminService emits them through Nest's event emitter; the files list's upkeep (records/) and the public
 * pages' prerendering (seo/) listen. The residences never call those domains themselves.
 */
export const RESIDENCE_EVENTS = {
  /** ResidenceChanged: once the change is committed, awaited (`emitAsync`), so that its effects are there when the API answers. */
  changed: 'residence.changed',
  /** ResidenceRemoving: in the removal's transaction, before the residence is removed; what the listeners answer is awaited. */
  removing: 'residence.removing',
} as const;

export class ResidenceChanged {
  constructor(
    readonly residenceId: number,
    readonly change: 'created' | 'updated' | 'removed',
    /** Its public address: the pages to take down (a removed residence has no other way to be named). */
    readonly slug: string,
    /** It is in another zone, so under other income ceilings (or it is gone): the files wishing it are judged again. */
    readonly zoneChanged: boolean,
  ) {}
}

/**
 * A residence about to be removed, in the removal's transaction (`manager`). Each listener answers how many
 * application files still name it (a number, 0 for none), and may prepare, in that transaction, what the removal
 * changes for it: the removal is refused when any file names it, and everything is undone with it.
 */
export class ResidenceRemoving {
  constructor(
    readonly manager: EntityManager,
    readonly residenceId: number,
  ) {}
}
