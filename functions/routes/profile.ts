// The signed-in user's profile and preferences (GET/PUT /api/profile, updatePrefCurrLang).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const profile = new Hono<AppEnv>();
