// Accounts and owned rows the quality gates need: users of org 1 and of Acme with sessions, agents, and the ids each owns.
import { ACME, type CallOptions, type Reply } from './helpers';
import { call } from './gates-http';

export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let ipSeq = 0;
/** A fresh client address per request, so the per-IP rate limits never decide an outcome. */
export const freshIp = () => {
  ipSeq = (ipSeq + 1) % 16_000_000;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

export interface Session {
  email: string;
  userId: number;
  token: string;
  host: string;
  /** The cookie header a browser would send (userToken and userData). */
  cookie: string;
}

function must(r: Reply, what: string) {
  if (r.status >= 300) throw new Error(`${what} answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r;
}

/** A verified account of the host's org, created on first use through single sign-on, and a session of it. */
export async function ssoUser(host = 'localhost', email = `gate-${crypto.randomUUID()}@example.com`, name = ['Gale', 'Gatekeeper']): Promise<Session> {
  const key = must(await call('/api/dev/sso-key', { host, body: { email, first_name: name[0], last_name: name[1] } }), 'sso-key').json.data.key;
  return sessionFrom(must(await call('/api/auth/sso', { host, body: { key }, headers: { 'cf-connecting-ip': freshIp() } }), 'sso sign-in'), host);
}

/** A seeded account signed in with its password. */
export async function passwordUser(email: string, password: string, host = 'localhost'): Promise<Session> {
  const r = await call('/api/signIn', {
    host,
    body: { jsonSign: { usr_type: 2, email_id: email, password }, navAgent: 'quality-gates' },
    headers: { 'cf-connecting-ip': freshIp() },
  });
  return sessionFrom(must(r, `sign-in of ${email}`), host);
}

function sessionFrom(r: Reply, host: string): Session {
  const cookie = r.cookies.map((c) => c.split(';')[0]!).filter((c) => /^(userToken|userData)=/.test(c)).join('; ');
  return { email: r.json.result.email, userId: r.json.result.userId, token: r.json.result.token, host, cookie };
}

/** Calls as `s` (Bearer token, its org's host); `s` null calls signed out on localhost. */
export function as(s: Session | null, path: string, opts: CallOptions = {}): Promise<Reply> {
  return call(path, {
    host: s?.host ?? 'localhost',
    ...opts,
    headers: { 'cf-connecting-ip': freshIp(), ...(s ? { authorization: `Bearer ${s.token}` } : {}), ...opts.headers },
  });
}

/** A product of the org that takes bookings 20 days from now. */
export async function bookableProduct(host = 'localhost', type = 'HLT'): Promise<number> {
  const r = must(await call(`/api/products/search?type=${type}&sort=price&per_page=5`, { host }), 'search');
  return r.json.data[0].product_id;
}

export const TRAVELER = { title: 'Mrs', first_name: 'Ana', last_name: 'García', email: 'ana@example.com', phone: '+34 612 345 678' };

/** The rows a consumer owns that some route takes by id: a saved traveller, three wallet cards, a referral. */
export interface UserRows {
  session: Session;
  travelerId: number;
  certificateId: number;
  certificateCode: string;
  discountId: number;
  cashId: number;
  referralCode: string;
  referredMember: number;
  memberId: string;
  bookingRef: string;
}

export async function userWithRows(host = 'localhost'): Promise<UserRows> {
  return rowsOf(await ssoUser(host));
}

/** New rows for an existing member (each test gets its own, so one test's deletion never starves another). */
export async function rowsOf(session: Session): Promise<UserRows> {
  const host = session.host;
  const traveler = must(await as(session, '/api/user/travelers', { body: TRAVELER }), 'add traveller').json.data;
  const issue = async (body: Record<string, unknown>) =>
    must(await call('/api/dev/wallet/issue', { host, body: { email: session.email, currency: 'USD', ...body } }), 'issue card').json.data;
  const cert = await issue({ kind: 'certificate', services: ['HLT'], amount: 50 });
  const disc = await issue({ kind: 'discount', pro_code: 'HLT', amount: 40 });
  const cash = await issue({ kind: 'cash', amount: 30 });
  const profile = must(await as(session, '/api/profile'), 'profile').json.data.basicprofile[0];
  // Someone signs up through this member's referral link: the referral (a member id) belongs to this member.
  const friend = `gate-friend-${crypto.randomUUID()}@example.com`;
  must(
    await call('/api/signUp', {
      host,
      headers: { 'cf-connecting-ip': freshIp() },
      body: {
        jsonRegister: {
          email_id: friend, password: 'Frie1!nd#', confirm_password: 'Frie1!nd#', terms_accepted: true, title: 'Mr', referral_code: profile.referral_code,
          accesscode: host === ACME ? 'WELCOME2026' : '', userdetails: { first_name: 'Fred', last_name: 'Friend' },
        },
      },
    }),
    'referred sign-up',
  );
  // The member is new: its only referral is the friend (the list masks emails).
  const friendId = must(await as(session, '/api/referral/getReferralList?per_page=50'), 'referrals').json.data[0]?.member ?? 0;
  const product = must(await call('/api/products/search?type=HLT&per_page=1', { host }), 'a hotel').json.data[0].product_id;
  const booking = must(
    await as(session, '/api/booking/checkout', { body: { product_id: product, check_in: day(20), check_out: day(22), guests: 2, currency: 'USD', idempotency_key: `gate-${crypto.randomUUID()}`, traveler: TRAVELER } }),
    'a booking',
  ).json.data;
  return {
    session,
    bookingRef: booking.booking_id,
    travelerId: traveler.id,
    certificateId: cert.payment_card_id,
    certificateCode: cert.card_code,
    discountId: disc.payment_card_id,
    cashId: cash.payment_card_id,
    referralCode: profile.referral_code,
    referredMember: friendId,
    memberId: `TRV-${session.userId}`,
  };
}

/** The rows an agent owns: a client and a quote for it. */
export interface AgentRows {
  session: Session;
  clientId: number;
  quoteId: number;
}

export async function agentWithRows(email: string, password: string, host = 'localhost'): Promise<AgentRows> {
  return agentRowsOf(await passwordUser(email, password, host));
}

export async function agentRowsOf(session: Session): Promise<AgentRows> {
  const host = session.host;
  const client = must(
    await as(session, '/api/agent/clients', {
      body: { title: 'Mr', first_name: 'Carl', last_name: 'Client', email: `client-${crypto.randomUUID()}@example.com`, nationality: 1, country_code: 'US', phone_country_code: '+1', mobile_no: '2025550199' },
    }),
    'add client',
  ).json.data;
  const product = await bookableProduct(host);
  const quote = must(
    await as(session, '/api/agent/quotes', { body: { client_id: client.client_id, product_id: product, check_in: day(20), check_out: day(22), guests: 2, currency: 'USD' } }),
    'add quote',
  ).json.data;
  return { session, clientId: client.client_id, quoteId: quote.quote_id };
}

export const AGENTS = {
  one: { email: 'agent@example.com', password: 'Agent1!pass' },
  two: { email: 'agent.north@example.com', password: 'Agent2!pass' },
  acme: { email: 'agent@acme.example.com', password: 'Agent1!pass' },
};
export { ACME };
