// Referral campaigns, referrals and actions (CONTRACT.md 9).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const referral = new Hono<AppEnv>();
