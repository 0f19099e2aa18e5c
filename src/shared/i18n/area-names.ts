// The label areas by name, as a list the contract can make an enum of (areas.ts keeps how each travels).
import type { LabelArea } from './areas';

export const LABEL_AREA_NAMES = [
  'common', 'catalogue', 'auth', 'booking', 'savings', 'referral', 'agent', 'console', 'console-ops', 'links', 'help', 'photos', 'console-inventory',
] as const satisfies readonly LabelArea[];

/** Fails to compile when an area is added to LabelArea and not here. */
const everyArea: [Exclude<LabelArea, (typeof LABEL_AREA_NAMES)[number]>] extends [never] ? true : never = true;
void everyArea;
