/**
 * What the pictures tell the rest of the API (docs/api-convention.md, « When something changed »): ImagesService emits
 * it once pictures of a residence or a good are added, described, reordered or removed, and awaits it (`emitAsync`); the
 * public pages' prerendering (seo/) listens. The pictures removed with their residence or good are told by that
 * removal's event (GoodChanged, ResidenceChanged).
 */
export const IMAGE_EVENTS = {
  changed: 'images.changed',
} as const;

export class ImagesChanged {
  constructor(readonly imageIds: readonly number[]) {}
}
