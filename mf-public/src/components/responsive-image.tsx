import { IMAGE_WIDTHS, type ImageView } from '@hsa-lli/common/domain';

/**
 * A picture at the widths the API renders, the browser picking the one that fits; its width and
 * height are set so that nothing moves while it loads.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
  className,
}: {
  image: ImageView;
  sizes: string;
  /** The main picture of the page: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={`${image.url}?w=1000`}
      srcSet={IMAGE_WIDTHS.map((width) => `${image.url}?w=${width} ${width}w`).join(', ')}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
