// Local stand-ins for the outside services, served under /_sim only when ENVIRONMENT=development.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ratesSim } from './sim/rates';
import { googleSim } from './sim/google';
import { facebookSim } from './sim/facebook';
import { savingsSim } from './sim/savings';
import { stripeSim } from '../dev/stripe-sim';
import { cloudflareSim } from './sim/cloudflare';

export const simulators = new Hono<AppEnv>()
  .route('/rates', ratesSim)
  .route('/google', googleSim)
  .route('/facebook', facebookSim)
  .route('/savings', savingsSim)
  .route('/stripe', stripeSim)
  .route('/cloudflare', cloudflareSim);
