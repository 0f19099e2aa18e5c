// Labels of the booking area in every supported language.
import type { LabelTable } from './types';

export const bookingLabels: LabelTable = {};
