// The savings provider client: answers, and each failure turned into a SavingsProviderError of the right kind.
import { describe, expect, it } from 'vitest';
import { directorUrl, enrolmentRecord, httpSavingsProvider, SavingsProviderError } from '../../functions/outside/savings';

const env = {
  SELF_ORIGIN: 'http://127.0.0.1:9999',
  SAVINGS_API_URL: '/_sim/savings/api',
  SAVINGS_API_KEY: 'k1',
  SAVINGS_PROGRAM_ID: 'SAVPROG-1',
  SAVINGS_MEMBER_PREFIX: 'TRV-',
  SAVINGS_DIRECTOR_URL: '/_sim/savings/director',
};
const user = { id: 42, orgId: 1, email: 'a@example.com', firstName: 'Ann', lastName: 'Lee' };

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const seen: { url: string; init: RequestInit }[] = [];
  const f = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return answer(url, init);
  }) as unknown as typeof fetch;
  return { f, seen };
}

async function failureOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e as SavingsProviderError;
  }
  throw new Error('expected a failure');
}

describe('savings provider client', () => {
  it('asks for a member at the configured address with the API key and reads it', async () => {
    const { f, seen } = fakeFetch(() => Response.json({ member: { member_customer_identifier: 'TRV-42', member_status: 'OPEN' } }));
    const member = await httpSavingsProvider(env, f).getMember('TRV-42');
    expect(member?.member_customer_identifier).toBe('TRV-42');
    expect(seen[0]!.url).toBe('http://127.0.0.1:9999/_sim/savings/api/programs/SAVPROG-1/members/TRV-42');
    expect((seen[0]!.init.headers as Record<string, string>)['x-api-key']).toBe('k1');
  });

  it('reads a 404 as no member', async () => {
    const { f } = fakeFetch(() => Response.json({ error: 'none' }, { status: 404 }));
    expect(await httpSavingsProvider(env, f).getMember('TRV-42')).toBeNull();
  });

  it('imports one enrolment record with member_status OPEN', async () => {
    const { f, seen } = fakeFetch(() => Response.json([{ valid_members_count: 1 }]));
    const result = await httpSavingsProvider(env, f).importMembers([enrolmentRecord(env, user)]);
    expect(result).toEqual([{ valid_members_count: 1 }]);
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      import: {
        members: [
          {
            organization_customer_identifier: '1',
            program_customer_identifier: 'SAVPROG-1',
            member_status: 'OPEN',
            first_name: 'Ann',
            last_name: 'Lee',
            email_address: 'a@example.com',
            member_customer_identifier: 'TRV-42',
          },
        ],
      },
    });
  });

  it('an HTTP 500 is an http failure', async () => {
    const { f } = fakeFetch(() => new Response('oops', { status: 500 }));
    const err = await failureOf(httpSavingsProvider(env, f).importMembers([]));
    expect(err).toBeInstanceOf(SavingsProviderError);
    expect(err.kind).toBe('http');
    expect(err.status).toBe(500);
  });

  it('an unreachable provider is an http failure', async () => {
    const { f } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    expect((await failureOf(httpSavingsProvider(env, f).getMember('TRV-1'))).kind).toBe('http');
  });

  it('an answer that is not JSON, or JSON of the wrong shape, is a malformed failure', async () => {
    const broken = fakeFetch(() => new Response('{"valid_members_count": 1,', { status: 200 }));
    expect((await failureOf(httpSavingsProvider(env, broken.f).importMembers([]))).kind).toBe('malformed');
    const wrongShape = fakeFetch(() => Response.json({ valid_members_count: 1 }));
    expect((await failureOf(httpSavingsProvider(env, wrongShape.f).importMembers([]))).kind).toBe('malformed');
    const otherMember = fakeFetch(() => Response.json({ member: { member_customer_identifier: 'TRV-7' } }));
    expect((await failureOf(httpSavingsProvider(env, otherMember.f).getMember('TRV-42'))).kind).toBe('malformed');
  });

  it('a provider slower than the timeout is a timeout failure, raised on time', async () => {
    const { f } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const started = Date.now();
    const err = await failureOf(httpSavingsProvider(env, f, 150).getMember('TRV-42'));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('director address', () => {
  it('is the configured address with the member hash as cvt', async () => {
    expect(await directorUrl(env, 'TRV-42')).toBe(
      'http://127.0.0.1:9999/_sim/savings/director?cvt=35ed5d278340d8a1a6cabe1ae9c62366eecbdf5d8060959805787bb339d93474',
    );
  });

  it('keeps a configured query and replaces nothing else', async () => {
    const url = await directorUrl({ ...env, SAVINGS_DIRECTOR_URL: 'https://savings.example.com/go?site=tc' }, 'TRV-42');
    expect(url).toMatch(/^https:\/\/savings\.example\.com\/go\?site=tc&cvt=[0-9a-f]{64}$/);
  });

  it('refuses a configuration that is not an http(s) address', async () => {
    expect(await directorUrl({ ...env, SAVINGS_DIRECTOR_URL: 'javascript:alert(1)' }, 'TRV-42')).toBeNull();
  });
});
