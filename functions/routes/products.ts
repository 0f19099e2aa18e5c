// Product search and details (CONTRACT.md 10).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const products = new Hono<AppEnv>();
