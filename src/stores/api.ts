// The islands' typed client (docs/decisions/0036-islands-by-area-and-shared-folders.md): a route named by its method
// and path as its router declares it, the reply typed from the route itself (functions/app.ts ApiRoutes), the call
// sent through the one api() of src/shared/contract/api-client.ts, so no client library reaches the browser.
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { UnionToIntersection } from 'hono/utils/types';
import type { ApiRoutes } from '../../functions/app';
import { api, ApiFailure } from '../shared/contract/api-client';

/** Where an admin or agent sets up the second factor their org requires (docs/decisions/0067-second-factor.md). */
const ENROL_PAGE = '/user-details';

type Routes = UnionToIntersection<ApiRoutes>;
export type ApiPath = keyof Routes & `/api/${string}`;
type Verb = '$get' | '$post' | '$put' | '$patch' | '$delete';
export type ApiMethod<P extends ApiPath> = keyof Routes[P] & Verb;
/**
 * What the route answers in JSON when it succeeds: every JSON reply but those it sends with an error status (the
 * contract's error body, thrown as ApiFailure). A reply sent without a status has hono's wide status type and counts
 * as a success; a file or empty answer (a CSV export, a 304) is not read through api().
 */
export type ApiReply<P extends ApiPath, M extends ApiMethod<P>> =
  Exclude<Extract<Routes[P][M], { outputFormat: 'json' }>, { status: ClientErrorStatusCode | ServerErrorStatusCode } | { output: { status: 'failed'; error: unknown } }> extends infer E
    ? (E extends { output: infer O } ? O : never)
    : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : P extends `${string}:${infer Name}` ? Name : never;
type Query = Record<string, string | number | undefined> | URLSearchParams;
/** The JSON body the route declares (what the client sends: the schema's input); a route without one takes none. */
export type ApiBody<P extends ApiPath, M extends ApiMethod<P>> = Routes[P][M] extends { input: infer I } ? (I extends { json: infer B } ? B : never) : never;
type Options<B> = { query?: Query; signal?: AbortSignal } & ([B] extends [never] ? { body?: unknown } : { body?: B });
type OptionsFor<P extends ApiPath, M extends ApiMethod<P>> = [ParamNames<P>] extends [never]
  ? [options?: Options<ApiBody<P, M>>]
  : [options: Options<ApiBody<P, M>> & { param: Record<ParamNames<P>, string | number> }];

/** `:name` in the path from `param` (encoded), then the query without its undefined entries. */
export function urlOf(path: string, param?: Record<string, string | number>, query?: Query): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(param?.[name] ?? '')));
  const search = query instanceof URLSearchParams
    ? query
    : new URLSearchParams(Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

export function request<P extends ApiPath, M extends ApiMethod<P>>(method: M, path: P, ...[options]: OptionsFor<P, M>): Promise<ApiReply<P, M>> {
  const o = (options ?? {}) as Options<unknown> & { param?: Record<string, string | number> };
  return (api(urlOf(path, o.param, o.query), { method: method.slice(1).toUpperCase(), body: o.body, signal: o.signal }) as Promise<ApiReply<P, M>>).catch(
    (err: unknown) => {
      // The org requires a second factor of this admin or agent: their account's security section is where to go.
      if (err instanceof ApiFailure && err.body?.error?.code === 'SECOND_FACTOR_REQUIRED' && typeof location !== 'undefined' && location.pathname !== ENROL_PAGE) {
        location.assign(`${ENROL_PAGE}#security`);
      }
      throw err;
    },
  );
}
