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

export const simulators = router()
  .route('/rates', ratesSim)
  .route('/google', googleSim)
  .route('/facebook', facebookSim)
  .route('/savings', savingsSim)
  .route('/stripe', stripeSim)
  .route('/cloudflare', cloudflareSim)
  .route('/hotelbeds', hotelbedsSim);
