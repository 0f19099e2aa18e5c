// Daily savings enrolment (CONTRACT.md 7).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const savings = new Hono<AppEnv>();
