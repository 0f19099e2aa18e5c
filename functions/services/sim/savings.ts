// Development simulator of the daily-savings provider API and its director page.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const savingsSim = new Hono<AppEnv>();
