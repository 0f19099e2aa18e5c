// The agent portal's API (CONTRACT.md 11).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const agent = new Hono<AppEnv>();
