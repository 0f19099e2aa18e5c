// A product's first photo on a card (results, checkout, the success page, bookings): every stored width offered,
// decorative unless given its alt text (the product's name is beside it), the first cards' photos loaded at once for
// LCP (docs/decisions/0032-photographs.md).
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
  /** The photo's alt text in the page's language where the photo says more than the name beside it; empty: decorative. */
  alt?: string;
}

export default function CardPhoto({ src, sizes, first = false, className, width = 320, height = 200, alt = '' }: Props) {
  if (!src) return <span className={`card-photo--empty ${className ?? ''}`} aria-hidden="true" />;
  const srcset = photoSrcset(src);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcset || undefined}
      sizes={srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      // A first card's photo is painted with its card: on a results page React's card replaces the one drawn before
      // React, and an asynchronous decode would show it empty for a frame (docs/decisions/0048-results-first-screen.md).
      decoding={first ? 'sync' : 'async'}
    />
  );
}
