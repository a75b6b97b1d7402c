import type { components, operations, paths } from './generated/training';

export type { components, operations, paths };
export type TrainingModel = components['schemas']['TrainingModel'];
