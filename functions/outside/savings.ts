// The daily-savings provider behind a small interface: the HTTP client (3-second timeout) and the director address.
import { serviceUrl, type Bindings } from '../env';
import { ImportResult, ProviderMember, type EnrolmentRecord } from '../../src/shared/contract/loyalty';
import { memberHash, savingsMemberId } from '../../src/shared/rules/savings-hash';

export const SAVINGS_TIMEOUT_MS = 3_000;

export type SavingsFailureKind = 'http' | 'timeout' | 'malformed';

export class SavingsProviderError extends Error {
  constructor(readonly kind: SavingsFailureKind, message: string, readonly status?: number) {
    super(message);
    this.name = 'SavingsProviderError';
  }
}

export interface SavingsProvider {
  /** The provider's record of a member, or null when it has none. */
  getMember(memberId: string): Promise<Record<string, unknown> | null>;
  /** Imports members; the provider answers one entry per batch with its count of valid members. */
  importMembers(members: EnrolmentRecord[]): Promise<{ valid_members_count: number }[]>;
}

type SavingsEnv = Pick<Bindings, 'SELF_ORIGIN' | 'SAVINGS_API_URL' | 'SAVINGS_API_KEY' | 'SAVINGS_PROGRAM_ID' | 'SAVINGS_TIMEOUT_MS'>;

/** The configured wait (`SAVINGS_TIMEOUT_MS`), else 3 s. */
const timeoutOf = (env: SavingsEnv) => {
  const ms = Number(env.SAVINGS_TIMEOUT_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : SAVINGS_TIMEOUT_MS;
};

export function httpSavingsProvider(env: SavingsEnv, fetchImpl: typeof fetch = fetch, timeoutMs = timeoutOf(env)): SavingsProvider {
  const base = serviceUrl(env, env.SAVINGS_API_URL).replace(/\/+$/, '');
  const headers = { accept: 'application/json', 'x-api-key': env.SAVINGS_API_KEY ?? '' };

  async function send(path: string, init: RequestInit, okStatuses: number[]): Promise<{ status: number; body: unknown }> {
    let res: Response;
    let text: string;
    try {
      // One signal covers the connection and reading the whole body.
      const signal = AbortSignal.timeout(timeoutMs);
      res = await fetchImpl(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) }, signal });
      text = await res.text();
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new SavingsProviderError('timeout', `The savings provider did not answer within ${timeoutMs} ms`);
      throw new SavingsProviderError('http', `The savings provider could not be reached: ${String(err)}`);
    }
    if (!okStatuses.includes(res.status)) throw new SavingsProviderError('http', `The savings provider answered HTTP ${res.status}`, res.status);
    try {
      return { status: res.status, body: text === '' ? null : JSON.parse(text) };
    } catch {
      throw new SavingsProviderError('malformed', 'The savings provider answered something that is not JSON', res.status);
    }
  }

  return {
    async getMember(memberId) {
      const program = encodeURIComponent(env.SAVINGS_PROGRAM_ID);
      const { status, body } = await send(`/programs/${program}/members/${encodeURIComponent(memberId)}`, { method: 'GET' }, [200, 404]);
      if (status === 404) return null;
      const parsed = ProviderMember.safeParse(body);
      if (!parsed.success || parsed.data.member.member_customer_identifier !== memberId) {
        throw new SavingsProviderError('malformed', 'The savings provider answered a member in an unexpected shape', status);
      }
      return parsed.data.member;
    },
    async importMembers(members) {
      const program = encodeURIComponent(env.SAVINGS_PROGRAM_ID);
      const { status, body } = await send(
        `/programs/${program}/import`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ import: { members } }) },
        [200],
      );
      const parsed = ImportResult.safeParse(body);
      if (!parsed.success) throw new SavingsProviderError('malformed', 'The savings provider answered an import in an unexpected shape', status);
      return parsed.data;
    },
  };
}

/** The member identifier of a user and the enrolment record the provider expects for it (member_status OPEN). */
export function enrolmentRecord(
  env: Pick<Bindings, 'SAVINGS_PROGRAM_ID' | 'SAVINGS_MEMBER_PREFIX'>,
  user: { id: number; orgId: number; email: string; firstName: string; lastName: string },
): EnrolmentRecord {
  return {
    organization_customer_identifier: String(user.orgId),
    program_customer_identifier: env.SAVINGS_PROGRAM_ID,
    member_status: 'OPEN',
    first_name: user.firstName,
    last_name: user.lastName,
    email_address: user.email,
    member_customer_identifier: savingsMemberId(env.SAVINGS_MEMBER_PREFIX, user.id),
  };
}

/** The configured director address (never one from the request) with the member's cvt; null when the configuration is unusable. */
export async function directorUrl(env: Pick<Bindings, 'SELF_ORIGIN' | 'SAVINGS_DIRECTOR_URL' | 'SAVINGS_PROGRAM_ID'>, memberId: string): Promise<string | null> {
  let configured: URL;
  try {
    configured = new URL(serviceUrl(env, env.SAVINGS_DIRECTOR_URL));
  } catch {
    return null;
  }
  if (configured.protocol !== 'https:' && configured.protocol !== 'http:') return null;
  const target = new URL(configured);
  target.searchParams.set('cvt', await memberHash(env.SAVINGS_PROGRAM_ID, memberId));
  // The target must still be the configured address: same origin and path, only cvt added.
  if (target.origin !== configured.origin || target.pathname !== configured.pathname) return null;
  return target.toString();
}
