// Each label area's table by name, for the server (the browser imports an area's table on demand: areas.ts).
import type { LabelArea } from './areas';
import type { LabelTable } from './types';
import { commonLabels } from './common';
import { catalogueLabels } from './catalogue';
import { authLabels } from './auth';
import { bookingLabels } from './booking';
import { savingsLabels } from './savings';
import { referralLabels } from './referral';
import { agentLabels } from './agent';
import { consoleLabels } from './console';
import { consoleOpsLabels } from './console-ops';
import { linksLabels } from './links';
import { helpLabels } from './help';
import { photoLabels, photoMessageLabels } from './photos';
import { inventoryLabels, inventoryMessageLabels } from './console-inventory';

export const LABEL_TABLES: Record<LabelArea, LabelTable> = {
  common: commonLabels,
  catalogue: catalogueLabels,
  auth: authLabels,
  booking: bookingLabels,
  savings: savingsLabels,
  referral: referralLabels,
  agent: agentLabels,
  console: consoleLabels,
  'console-ops': consoleOpsLabels,
  links: linksLabels,
  help: helpLabels,
  photos: { ...photoLabels, ...photoMessageLabels },
  'console-inventory': { ...inventoryLabels, ...inventoryMessageLabels },
};
