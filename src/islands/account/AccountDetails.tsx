// /user-details: booking history, my account, travel profile and my trips on one page. Each section opens from its
// account-menu entry (/user-details#booking-history …) and from the page's own links; the sections reuse the islands
// of the /user/* pages, which stay as they are (docs/decisions/0015-account-details.md).
import { useEffect, useRef, type RefObject } from 'react';
import BookingHistory from '../booking/BookingHistory';
import ProfileForm from './ProfileForm';
import TravelProfile from './TravelProfile';
import SecurityPanel from './SecurityPanel';
import { useProfile } from './useProfile';
import { useT } from '../../stores/locale';
import '../../styles/auth.css';
import '../../styles/booking.css';

const ACCOUNT_SECTIONS = [
  { id: 'booking-history', title: 'acct_booking_history', text: 'acct_booking_history_text' },
  { id: 'my-account', title: 'acct_my_account', text: 'acct_my_account_text' },
  { id: 'travel-profile', title: 'acct_travel_profile', text: 'acct_travel_profile_intro' },
  { id: 'my-trips', title: 'acct_my_trips', text: 'acct_my_trips_text' },
  { id: 'security', title: 'sec_title', text: 'sec_intro' },
] as const;

const isSection = (id: string) => ACCOUNT_SECTIONS.some((s) => s.id === id);

/**
 * Brings the section the address names into view and focuses its heading. The sections exist only once this island
 * has rendered, and those above the target grow as their data arrives: until the person scrolls, types or clicks,
 * the heading is kept in place whenever the page's height changes.
 */
function useSectionTarget(root: RefObject<HTMLElement | null>, ready: boolean) {
  useEffect(() => {
    if (!ready || !root.current) return;
    let stopPinning = () => {};
    const show = () => {
      stopPinning();
      const id = decodeURIComponent(location.hash.slice(1));
      const heading = isSection(id) ? document.getElementById(`${id}-title`) : null;
      if (!heading) return;
      const place = () => heading.scrollIntoView({ block: 'start' });
      place();
      heading.focus({ preventScroll: true });
      const resize = new ResizeObserver(place);
      resize.observe(root.current!);
      const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
      const timer = setTimeout(() => stopPinning(), 10_000);
      stopPinning = () => {
        resize.disconnect();
        clearTimeout(timer);
        for (const e of events) window.removeEventListener(e, stopPinning, true);
        stopPinning = () => {};
      };
      for (const e of events) window.addEventListener(e, stopPinning, { capture: true, passive: true });
    };
    // A link to the section already in the address fires no hashchange: show it again all the same.
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (link && link.pathname === location.pathname && link.hash === location.hash && isSection(link.hash.slice(1))) {
        e.preventDefault();
        requestAnimationFrame(show);
      }
    };
    show();
    window.addEventListener('hashchange', show);
    document.addEventListener('click', onClick);
    return () => {
      stopPinning();
      window.removeEventListener('hashchange', show);
      document.removeEventListener('click', onClick);
    };
  }, [ready]);
}

export default function AccountDetails() {
  const t = useT();
  const { state, profile } = useProfile();
  const root = useRef<HTMLDivElement>(null);
  const signedIn = state !== 'checking' && state !== 'signed-out';
  useSectionTarget(root, signedIn);

  if (!signedIn) return null;
  return (
    <div className="account-page" data-testid="account-overview" ref={root}>
      <nav aria-label={t('acct_overview_title')}>
        <ul className="account-links" role="list">
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.id}>
              <a className="card account-link" href={`#${s.id}`}>
                <strong>{t(s.title)}</strong>
                <span>{t(s.text)}</span>
              </a>
            </li>
          ))}
          <li>
            <a className="card account-link" href="/wallet">
              <strong>{t('acct_wallet')}</strong>
              <span>{t('acct_wallet_text')}</span>
            </a>
          </li>
        </ul>
      </nav>
      {ACCOUNT_SECTIONS.map((s) => (
        <section key={s.id} className="account-section account-details__section" id={s.id} aria-labelledby={`${s.id}-title`} data-testid={`section-${s.id}`}>
          <h2 id={`${s.id}-title`} tabIndex={-1}>
            {t(s.title)}
          </h2>
          <p>{t(s.text)}</p>
          {s.id === 'booking-history' ? (
            <BookingHistory mode="history" headingLevel={3} />
          ) : s.id === 'my-trips' ? (
            <BookingHistory mode="trips" headingLevel={3} />
          ) : s.id === 'security' ? (
            <SecurityPanel />
          ) : s.id === 'my-account' ? (
            <ProfileForm headingLevel={3} />
          ) : state === 'ready' && profile ? (
            <div className="panel">
              <TravelProfile profile={profile} />
            </div>
          ) : state === 'failed' ? (
            <p className="alert alert-error" role="alert">
              {t('acct_load_failed')}
            </p>
          ) : (
            <span className="spinner" aria-hidden="true" />
          )}
        </section>
      ))}
    </div>
  );
}
