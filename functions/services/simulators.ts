// Local stand-ins for the outside services (rates, savings provider, Google, Facebook), served under /_sim in development.
import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const simulators = new Hono<AppEnv>();
