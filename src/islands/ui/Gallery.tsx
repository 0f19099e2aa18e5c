// A product's photographs as a traveller steps through them: swipe (scroll snap), the arrow buttons, the thumbnails or
// the keyboard (← → Home End on the focused photo), with a visible "3 / 8". The first photo is the page's LCP image:
// loaded at once with high priority; the others lazily (docs/decisions/0032-photographs.md).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { $language, useT } from '../../stores/locale';
import { photoAtWidth, photoSrcset } from '../../shared/rules/photos';
import type { ProductPhoto } from '../../shared/contract/photos';

/** The main column of the details page: the whole width on a phone, about 760 px beside the booking panel. */
const SIZES = '(min-width: 960px) 760px, 100vw';

interface Props {
  photos: ProductPhoto[];
  /** Addresses for a product without gallery photos (older drawings). */
  images: string[];
  name: string;
}

export default function Gallery({ photos, images, name }: Props) {
  const t = useT();
  const language = useStore($language);
  const id = useId();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const slides = photos.length
    ? photos.map((p) => ({ key: String(p.photo_id), src: p.src, srcset: p.srcset, width: p.width, height: p.height, alt: p.alt[language as keyof ProductPhoto["alt"]] ?? name }))
    : images.map((src, i) => ({ key: src + i, src, srcset: photoSrcset(src), width: 800, height: 500, alt: t('bk_photo_of', { n: i + 1, name }) }));
  const total = slides.length;

  // A swipe (or a scroll by any means) moves the count with it.
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setIndex(Math.min(total - 1, Math.max(0, Math.round(el.scrollLeft / Math.max(1, el.clientWidth))))));
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [total]);

  if (!total) return <div className="gallery gallery--empty muted">{t('ph_no_photo')}</div>;

  const go = (to: number) => {
    const next = (to + total) % total;
    setIndex(next);
    const el = track.current;
    if (!el) return;
    // At once, not smoothly: a smooth scroll still on its way when the next key or button comes snapped the strip
    // to a photo in between, and the count followed it there.
    el.scrollTo({ left: next * el.clientWidth, behavior: 'auto' });
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: total - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };

  return (
    <section className="gallery" aria-roledescription="carousel" aria-label={t('ph_gallery', { name })} data-testid="gallery">
      <div className="gallery__frame">
        <div
          ref={track}
          className="gallery__track"
          tabIndex={0}
          role="group"
          aria-roledescription="slide"
          aria-label={t('ph_count_spoken', { n: index + 1, total })}
          onKeyDown={onKey}
          data-testid="gallery-track"
        >
          {slides.map((s, i) => (
            <img
              key={s.key}
              className="gallery__img"
              src={s.src}
              srcSet={s.srcset || undefined}
              sizes={s.srcset ? SIZES : undefined}
              alt={s.alt}
              width={s.width}
              height={s.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              decoding={i === 0 ? 'sync' : 'async'}
              aria-hidden={i === index ? undefined : true}
              data-current={i === index ? 'true' : undefined}
            />
          ))}
        </div>
        {total > 1 ? (
          <>
            <button type="button" className="gallery__nav gallery__nav--prev" aria-label={t('ph_previous')} aria-controls={`${id}-count`} onClick={() => go(index - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label={t('ph_next')} aria-controls={`${id}-count`} onClick={() => go(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <p id={`${id}-count`} className="gallery__count" aria-live="polite" data-testid="gallery-count">
          <span aria-hidden="true">{t('ph_count', { n: index + 1, total })}</span>
          <span className="visually-hidden">{t('ph_count_spoken', { n: index + 1, total })}</span>
        </p>
      </div>
      {total > 1 ? (
        <div className="gallery__thumbs" role="group" aria-label={t('bk_photos')}>
          {slides.map((s, i) => (
            <button key={s.key} type="button" className={`gallery__thumb${i === index ? ' is-active' : ''}`} aria-current={i === index ? 'true' : undefined} aria-label={t('bk_photo_n', { n: i + 1 })} onClick={() => go(i)}>
              <img src={photoAtWidth(s.src, 480)} alt="" width="96" height="60" loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
