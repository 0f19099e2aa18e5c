// /user-details: links to trips, bookings, My account and the wallet, and the travel profile (signed-in users).
import { useEffect, useRef } from 'react';
import { useT } from '../../stores/locale';
import TravelProfile from './TravelProfile';
import { useProfile } from './useProfile';
import '../../styles/auth.css';

const LINKS = [
  { href: '/user/my-trips', title: 'acct_my_trips', text: 'acct_my_trips_text' },
  { href: '/user/booking-history', title: 'acct_booking_history', text: 'acct_booking_history_text' },
  { href: '/user/profile', title: 'acct_my_account', text: 'acct_my_account_text' },
  { href: '/wallet', title: 'acct_wallet', text: 'acct_wallet_text' },
];

export default function AccountOverview() {
  const t = useT();
  const { state, profile } = useProfile();
  const travelHeading = useRef<HTMLHeadingElement>(null);

  // The menu's "Travel profile" entry points at #travel-profile, which exists only once this island has rendered.
  useEffect(() => {
    if (state !== 'ready') return;
    const show = () => {
      if (location.hash !== '#travel-profile') return;
      travelHeading.current?.scrollIntoView({ block: 'start' });
      travelHeading.current?.focus({ preventScroll: true });
    };
    show();
    window.addEventListener('hashchange', show);
    return () => window.removeEventListener('hashchange', show);
  }, [state]);

  if (state === 'checking' || state === 'signed-out') return null;
  return (
    <div className="account-page" data-testid="account-overview">
      <nav aria-label={t('acct_overview_title')}>
        <ul className="account-links" role="list">
          {LINKS.map((l) => (
            <li key={l.href}>
              <a className="card account-link" href={l.href}>
                <strong>{t(l.title)}</strong>
                <span>{t(l.text)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section className="panel account-section" id="travel-profile" aria-labelledby="travel-profile-title">
        <h2 id="travel-profile-title" ref={travelHeading} tabIndex={-1}>
          {t('acct_travel_profile')}
        </h2>
        <p>{t('acct_travel_profile_intro')}</p>
        {state === 'ready' && profile ? (
          <TravelProfile profile={profile} />
        ) : state === 'failed' ? (
          <p className="alert alert-error" role="alert">
            {t('acct_load_failed')}
          </p>
        ) : (
          <span className="spinner" aria-hidden="true" />
        )}
      </section>
    </div>
  );
}
