// Exchange rates: a scheduled refresh from the configured provider into D1.
import type { Bindings } from '../env';

export async function refreshRates(_env: Bindings): Promise<void> {}
