// Agents seed (docs/contract.md#agents, docs/contract.md#development): the agencies, agent@example.com's details and a few clients; a second agent in
// org 1 and an agent of org 2 (Acme) so the portal's ownership and org rules can be seen and tested.
import { q } from '../index.mjs';
import { hashPassword } from './03-accounts.mjs';

const AGENCIES = [
  [1, 'Blue Horizon Travel', 'IATA 96-1234 5', '18 Harbour Street, Boston MA 02110', '+1 617 555 0199', 'desk@bluehorizon.example.com'],
  [1, 'Northwind Journeys', 'IATA 96-7788 1', '410 Lake Shore Drive, Chicago IL 60611', '+1 312 555 0142', 'hello@northwind.example.com'],
  [2, 'Acme Corporate Travel', 'ABTA K4821', '5 Fleet Street, London EC4Y 1AA', '+44 20 7946 0321', 'travel@acme.example.com'],
];

// [org, email, password, title, first, last, mobile, credit limit USD, agency, markup bps, referral code]
const AGENTS = [
  [1, 'agent.north@example.com', 'Agent2!pass', 'Mr', 'Noah', 'Northwind', '3125550142', 3000, 'Northwind Journeys', 1200, 'AGENTNW26T'],
  [2, 'agent@acme.example.com', 'Agent1!pass', 'Mrs', 'Ada', 'Acme', '2079460321', 4000, 'Acme Corporate Travel', 800, 'AGENTACME2'],
];

// agent@example.com's clients: [title, first, last, email, nationality id, country, dialling code, mobile]
const CLIENTS = [
  ['Mrs', 'Grace', 'Hopper', 'grace.hopper@example.com', 1, 'US', '+1', '6175550110'],
  ['Mr', 'Alan', 'Turing', 'alan.turing@example.com', null, 'GB', '+44', '7700900123'],
  ['Miss', 'Lucía', 'Fernández', 'lucia.fernandez@example.com', null, 'ES', '+34', '612345678'],
];

export default function (ctx) {
  const pepper = ctx.devVars.PASSWORD_PEPPER ?? '';
  const agencies = AGENCIES.map(
    ([org, name, license, address, phone, email]) =>
      `INSERT INTO agencies (org_id, name, license_no, address, phone, email) VALUES (${org}, ${q(name)}, ${q(license)}, ${q(address)}, ${q(phone)}, ${q(email)})
ON CONFLICT (org_id, name) DO UPDATE SET license_no = excluded.license_no, address = excluded.address, phone = excluded.phone, email = excluded.email;`,
  );
  const agents = AGENTS.map(
    ([org, email, password, title, first, last, mobile, credit, , , referral]) =>
      `INSERT INTO users (org_id, email, password_hash, provider, role, title, first_name, last_name, nationality_id, country_code,
  phone_country_code, mobile_no, language, currency, verified_at, plan_status, credit_limit_minor, referral_code)
VALUES (${org}, ${q(email)}, ${q(hashPassword(password, pepper))}, 'email', 'agent', ${q(title)}, ${q(first)}, ${q(last)}, 1, ${q(org === 2 ? 'GB' : 'US')},
  ${q(org === 2 ? '+44' : '+1')}, ${q(mobile)}, 'en-US', 'USD', '2026-01-01T00:00:00.000Z', 'ACTIVE', ${credit * 100}, ${q(referral)})
ON CONFLICT (org_id, email) DO UPDATE SET password_hash = excluded.password_hash, role = 'agent', verified_at = excluded.verified_at,
  credit_limit_minor = excluded.credit_limit_minor;`,
  );
  const details = [
    [1, 'agent@example.com', 'Blue Horizon Travel', 1000],
    ...AGENTS.map(([org, email, , , , , , , agency, markup]) => [org, email, agency, markup]),
  ].map(
    ([org, email, agency, markup]) =>
      `INSERT INTO agent_details (user_id, org_id, agency_id, default_markup_bps)
SELECT u.id, u.org_id, (SELECT id FROM agencies WHERE org_id = u.org_id AND name = ${q(agency)}), ${markup} FROM users u WHERE u.org_id = ${org} AND u.email = ${q(email)}
ON CONFLICT (user_id) DO UPDATE SET agency_id = excluded.agency_id, default_markup_bps = excluded.default_markup_bps;`,
  );
  const clients = CLIENTS.map(
    ([title, first, last, email, nationality, country, isd, mobile]) =>
      `INSERT INTO agent_clients (org_id, agent_id, title, first_name, last_name, email, nationality_id, country_code, phone_country_code, mobile_no)
SELECT 1, u.id, ${q(title)}, ${q(first)}, ${q(last)}, ${q(email)}, ${nationality === null ? `(SELECT id FROM nationalities WHERE code = ${q(country)})` : nationality}, ${q(country)}, ${q(isd)}, ${q(mobile)}
FROM users u WHERE u.org_id = 1 AND u.email = 'agent@example.com'
ON CONFLICT (agent_id, email) DO NOTHING;`,
  );
  return [...agencies, ...agents, ...details, ...clients].join('\n');
}
