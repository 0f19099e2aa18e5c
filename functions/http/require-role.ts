// Role guards: the stored role of the session's account decides, in the org of the request's host only.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { forbidden, unauthorized } from '../errors';
import { sessionAlive } from '../auth/session';
import { currentUser, requestToken } from './session';
import { sha256Hex } from '../lib/crypto';
import { sessionOrgOf } from '../db/sessions';
import { readBodyQuietly } from './body';
import type { Role } from '../../src/shared/contract/auth';

export const WRONG_ORG = 'This session belongs to another organisation: sign in on this site';
export const WRONG_ROLE = 'Your account cannot use this part of the site';

/**
 * 401 signed out, 403 for any other role, and 403 for a live session of another org (an admin of one org on another
 * org's host is told so rather than treated as a stranger). The user is then on c.var.user.
 */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Routers mounted on one prefix each guard their routes; a request already let through is not looked up twice.
    const checked = c.get('user');
    if (checked && roles.includes(checked.role)) return next();
    const user = await currentUser(c);
    if (!user) {
      await readBodyQuietly(c);
      const token = requestToken(c);
      const other = token ? await sessionOrgOf(c.env.DB, await sha256Hex(token)) : null;
      if (other && other.org_id !== c.get('org').id && sessionAlive(other, Date.now())) throw forbidden(WRONG_ORG);
      throw unauthorized();
    }
    if (!roles.includes(user.role)) {
      await readBodyQuietly(c);
      throw forbidden(WRONG_ROLE);
    }
    c.set('user', user);
    await next();
  };
}
