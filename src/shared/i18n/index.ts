// Every label of the product, merged from one table per area (each area owns its file).
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

export * from './types';

export const LABELS: LabelTable = {
  ...commonLabels,
  ...catalogueLabels,
  ...authLabels,
  ...bookingLabels,
  ...savingsLabels,
  ...referralLabels,
  ...agentLabels,
  ...consoleLabels,
  ...consoleOpsLabels,
  ...linksLabels,
  ...helpLabels,
  ...photoLabels,
  ...photoMessageLabels,
  ...inventoryLabels,
  ...inventoryMessageLabels,
};
