// Org 1 "Travel Club" on localhost and org 2 "Acme Travel" on acme.localhost, configured differently (docs/contract.md#tenancy, docs/contract.md#development).
import { q } from '../index.mjs';

const travelClubTheme = `:root{--brand:#0b5cad;--brand-ink:#ffffff;--brand-soft:#e7f0fa;--accent:#f59e0b;}`;
const acmeTheme = `:root{--brand:#7a1f5c;--brand-ink:#ffffff;--brand-soft:#f7e9f2;--accent:#14b8a6;}`;

export default function () {
  return `
UPDATE orgs SET name = 'Travel Club', logo_url = '/images/logo-travel-club.svg', google_tag_id = 'G-TRAVELCLUB',
  eligible_products = 'hotel,hotelgd,stays,resorts,weeks,activities,condo,packages,cruises,flight,cars,transfers,dreamtrips,holidaystays,all-inclusive,tra,dailydeals',
  min_checkin_days = 1, calendar_type = 'Sunday', country_code = 'US', display_price = 1, access_code_required = 0,
  google_enabled = 1, facebook_enabled = 1, google_client_id = 'travel-club-web.apps.local', facebook_app_id = '100000000000001',
  wallet_options = 'Discount Cards,Certificates,Cash Card,myvacations', allow_guest_booking = 0,
  all_inclusive_url = 'https://all-inclusive.example.com/search', trips_site_url = 'https://trips.example.com/',
  loyalty_landing_url = '/promotions', loyalty_enabled = 1, loyalty_start = '2026-01-01', loyalty_end = '2027-12-31',
  support_phone = '+1 415 555 0100', support_email = 'help@travelclub.example'
WHERE id = 1;
INSERT OR IGNORE INTO orgs (id, name) VALUES (2, 'Acme Travel');
UPDATE orgs SET name = 'Acme Travel', logo_url = '/images/logo-acme.svg', google_tag_id = 'G-ACMETRAVEL', default_language = 'en-US',
  eligible_products = 'hotel,activities,stays,cruises,dailydeals', min_checkin_days = 3, calendar_type = 'Monday', country_code = 'GB',
  display_price = 1, access_code_required = 1, google_enabled = 0, facebook_enabled = 0,
  wallet_options = 'Discount Cards,Cash Card', allow_guest_booking = 1, session_out_url = '/',
  loyalty_landing_url = '/promotions', loyalty_enabled = 0,
  support_phone = '+44 20 7946 0000', support_email = 'care@acme.example.com'
WHERE id = 2;
INSERT OR REPLACE INTO org_domains (host, org_id) VALUES ('localhost', 1), ('127.0.0.1', 1), ('acme.localhost', 2);
INSERT OR REPLACE INTO org_themes (org_id, name, css) VALUES
  (1, 'theme', ${q(travelClubTheme)}), (1, 'prelogin', ${q(':root{--header-bg:#ffffff;}')}), (1, 'postlogin', ${q(':root{--header-bg:#f5f9fd;}')}),
  (2, 'theme', ${q(acmeTheme)}), (2, 'prelogin', ${q(':root{--header-bg:#fffafc;}')}), (2, 'postlogin', ${q(':root{--header-bg:#fbf1f7;}')});
`;
}
