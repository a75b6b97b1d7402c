import { exportHandler, listHandler, sumHandler } from '../resources/handlers.js';
import {
  trainingHistory,
  trainingHistoryExport,
  trainingModelsResource,
  trainingTotal,
} from '../resources/participations.js';
import type { Deps, HandlerMap } from '../deps.js';

/**
 * The training API (training.yaml): the models and the caller's training history, its total
 * and its export, all declared on the resource layer (`resources/participations.ts`).
 */
export function trainingHandlers({ db }: Deps): HandlerMap {
  return {
    listTrainingModels: listHandler(db, trainingModelsResource),
    listMyTrainingHistory: listHandler(db, trainingHistory),
    getMyTrainingTotal: sumHandler(db, trainingTotal),
    exportMyTrainingHistory: exportHandler(db, trainingHistoryExport),
  };
}
