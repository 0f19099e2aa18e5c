// Labels of the catalogue area in every supported language.
import type { LabelTable } from './types';

export const catalogueLabels: LabelTable = {};
