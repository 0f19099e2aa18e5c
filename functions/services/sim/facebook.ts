// Development simulator of Facebook's Graph debug_token endpoint and login page.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const facebookSim = new Hono<AppEnv>();
