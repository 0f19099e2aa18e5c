// Wallet and booking: payment cards, preview, checkout, reservations (CONTRACT.md 8, 10).
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const booking = new Hono<AppEnv>();
