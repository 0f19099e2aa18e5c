// Development simulator of the exchange-rates provider.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const ratesSim = new Hono<AppEnv>();
