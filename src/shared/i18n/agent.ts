// Labels of the agent area in every supported language.
import type { LabelTable } from './types';

export const agentLabels: LabelTable = {};
