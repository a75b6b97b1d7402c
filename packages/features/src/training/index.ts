export { MyTrainingPage } from './my-training-page';
export {
  ALL_EXERCICES,
  CURRENT_EXERCICE,
  exerciceOfFilter,
  TrainingFilterFields,
  trainingFilterFields,
} from './training-filters';
