// Sign-in, sign-out, session check, verification, password reset and SSO (CONTRACT.md 3, 4, 5.5-5.6).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const auth = new Hono<AppEnv>();
