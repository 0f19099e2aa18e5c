// Dresses every page response for the request's org and locale, and adds the security headers.
import type { Bindings } from '../env';
import { applySecurityHeaders, PAGE_CSP } from '../security';

export async function decoratePage(_request: Request, response: Response, _env: Bindings): Promise<Response> {
  const res = new Response(response.body, response);
  applySecurityHeaders(res.headers, PAGE_CSP);
  return res;
}
