// Labels of the referral area in every supported language.
import type { LabelTable } from './types';

export const referralLabels: LabelTable = {};
