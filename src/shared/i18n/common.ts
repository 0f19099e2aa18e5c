// Labels of the common area in every supported language.
import type { LabelTable } from './types';

export const commonLabels: LabelTable = {};
