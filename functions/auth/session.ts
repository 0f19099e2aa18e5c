// Who is calling: the session behind the userToken cookie or a Bearer token (CONTRACT.md 3).
// Interface used by every area; the accounts work fills in the lookup.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { unauthorized } from '../errors';

export interface SessionUser {
  id: number;
  orgId: number;
  email: string;
  role: 'user' | 'agent';
  firstName: string;
  lastName: string;
  title: string;
  nationalityId: number | null;
  language: string;
  currency: string;
  creditLimit: number;
  canUserBook: number;
  referralCode: string;
  sessionId: string;
}

/** The signed-in user of the request's org, or null. */
export async function currentUser(_c: Context<AppEnv>): Promise<SessionUser | null> {
  return null;
}

/** 401 in the contract's shape unless signed in; the user is then on c.var.user. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  c.set('user', user);
  await next();
};
