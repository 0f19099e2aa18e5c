// Sign-up: account-exists check, access codes, account creation (CONTRACT.md 5).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const signup = new Hono<AppEnv>();
