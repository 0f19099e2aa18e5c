// Catalogues and locale (CONTRACT.md 6): countries, nationalities, currencies, languages, labels, rates, IP.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const catalogue = new Hono<AppEnv>();
