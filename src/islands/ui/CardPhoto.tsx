// A product's first photo on a card (results, checkout, the success page, bookings): every stored width offered,
// decorative (the product's name is beside it), the first cards' photos loaded at once for LCP (docs/decisions/0032-photographs.md).
import { photoSrcset } from '../../shared/rules/photos';

interface Props {
  src: string;
  /** What width the card's photo takes at each screen size. */
  sizes: string;
  /** A card in the first screen: loaded at once with high priority, never lazily. */
  first?: boolean;
  className?: string;
  width?: number;
  height?: number;
}

export default function CardPhoto({ src, sizes, first = false, className, width = 320, height = 200 }: Props) {
  if (!src) return <span className={`card-photo--empty ${className ?? ''}`} aria-hidden="true" />;
  const srcset = photoSrcset(src);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcset || undefined}
      sizes={srcset ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
