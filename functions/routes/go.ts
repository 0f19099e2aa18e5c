// GET /go/daily-savings: the whole daily-savings flow run on the server (CONTRACT.md 7).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const go = new Hono<AppEnv>();
