// Development-only routes (CONTRACT.md 12); app.ts mounts them only when ENVIRONMENT=development.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const dev = new Hono<AppEnv>();
