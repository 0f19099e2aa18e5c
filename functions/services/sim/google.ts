// Development simulator of Google's OpenID Connect issuer (JWKS + a sign-in page that mints ID tokens).
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const googleSim = new Hono<AppEnv>();
