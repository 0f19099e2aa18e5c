// Local stand-ins for the outside services, served under /_sim only when ENVIRONMENT=development (functions/app.ts). Each
// route is declared in the other party's wire shapes, so /api/openapi.json lists them with the app's own routes.
import { router } from '../../http/route';
import { ratesSim } from './rates';
import { googleSim } from './google';
import { facebookSim } from './facebook';
import { savingsSim } from './savings';
import { stripeSim } from './stripe';
import { cloudflareSim } from './cloudflare';
import { hotelbedsSim } from './hotelbeds';

/** Each simulator under its own path. Nothing reads their routes' types (no client calls them), so they are mounted as plain routers. */
const SIMULATORS: Record<string, unknown> = {
  '/rates': ratesSim,
  '/google': googleSim,
  '/facebook': facebookSim,
  '/savings': savingsSim,
  '/stripe': stripeSim,
  '/cloudflare': cloudflareSim,
  '/hotelbeds': hotelbedsSim,
};
export const simulators = router();
for (const [path, sim] of Object.entries(SIMULATORS)) simulators.route(path, sim as typeof simulators);
