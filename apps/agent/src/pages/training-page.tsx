import { MyTrainingPage } from '@portal/features/training';

export default function TrainingPage() {
  return <MyTrainingPage />;
}
