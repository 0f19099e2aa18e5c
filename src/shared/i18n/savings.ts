// Labels of the savings area in every supported language.
import type { LabelTable } from './types';

export const savingsLabels: LabelTable = {};
