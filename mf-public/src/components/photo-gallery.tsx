import { useState } from 'react';
import type { ImageView } from '@hsa-lli/common/domain';
import { ImageModal } from '@hsa-lli/common/ui';
import { ResponsiveImage } from './responsive-image.js';

/** Photos (and plans) of a residence or good; each opens full screen, closed with 'Fermer' or Escape. */
export function PhotoGallery({ images, label }: { images: ImageView[]; label: string }) {
  const [open, setOpen] = useState<ImageView | null>(null);
  if (images.length === 0) return null;
  const [first, ...others] = images;
  return (
    <section className="gallery" aria-label={label}>
      <button type="button" className="gallery__main" onClick={() => setOpen(first!)} aria-label={`Agrandir : ${first!.alt}`}>
        <ResponsiveImage image={first!} sizes="(min-width: 72rem) 44rem, 100vw" priority />
      </button>
      {others.length > 0 && (
        <ul className="gallery__others">
          {others.map((image) => (
            <li key={image.id}>
              <button type="button" onClick={() => setOpen(image)} aria-label={`Agrandir : ${image.alt}`}>
                <ResponsiveImage image={image} sizes="(min-width: 72rem) 14rem, 33vw" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ImageModal image={open && { url: `${open.url}?w=2000`, alt: open.alt }} onClose={() => setOpen(null)} />
    </section>
  );
}
