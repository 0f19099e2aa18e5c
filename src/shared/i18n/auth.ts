// Labels of the auth area in every supported language.
import type { LabelTable } from './types';

export const authLabels: LabelTable = {};
