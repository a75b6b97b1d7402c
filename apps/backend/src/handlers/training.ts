import { asc } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import { trainingModels } from '../db/schema.js';
import type { Deps, HandlerMap } from './deps.js';

export function listTrainingModels(deps: Deps): Handler<Principal> {
  return async () => {
    const models = await deps.db
      .select()
      .from(trainingModels)
      .orderBy(asc(trainingModels.name), asc(trainingModels.id));
    return {
      status: 200,
      body: {
        '@context': '/api/contexts/Model',
        '@id': '/api/models',
        '@type': 'hydra:Collection',
        'hydra:member': models.map((m) => ({
          '@id': `/api/models/${m.id}`,
          '@type': 'Model',
          ...m,
        })),
        'hydra:totalItems': models.length,
      },
    };
  };
}

/** The training API (training.yaml). */
export function trainingHandlers(deps: Deps): HandlerMap {
  return {
    listTrainingModels: listTrainingModels(deps),
  };
}
