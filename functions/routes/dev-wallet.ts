// Development-only wallet routes (CONTRACT.md 12): issuing cards to accounts.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const devWallet = new Hono<AppEnv>();
