// The org's rule that its admins and agents have a second factor (docs/decisions/0067-second-factor.md): on the
// console's and the agent portal's routes, such an account without one is refused with SECOND_FACTOR_REQUIRED until
// it enrols (the enrolment routes, under /api/account, stay open). Signed out or any other role: the routes decide.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { factorsOf } from '../db/second-factor';
import { readBodyQuietly } from './body';
import { currentUser } from './session';
import { TWOFA_MSG } from '../../src/shared/contract/second-factor';

export const secondFactorGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('org').require_2fa_for_staff !== 1) return next();
  const user = await currentUser(c);
  if (user && (user.role === 'admin' || user.role === 'agent')) {
    const factors = await factorsOf(c.env.DB, user.id);
    if (!factors.totp && factors.passkeys === 0) {
      await readBodyQuietly(c);
      throw new ApiError(403, 'SECOND_FACTOR_REQUIRED', TWOFA_MSG.required);
    }
  }
  return next();
};
