export { MyTrainingPage } from './my-training-page';
