/**
 * Participations in trainings and events (training_participations with their session, model,
 * agent and his sponsor): the team training report and the personal training history, both
 * declared on `resources/participations.ts`.
 */

/** Spec part 2 §2: the participant statuses as the page shows them. */
export const PARTICIPANT_LABELS: Record<string, string> = {
  TRAINED: 'Consultant',
  INVITED: 'Invité',
  COHOST: 'Co-animateur',
  HOST: 'Animateur',
  TRAINER: 'Formateur',
};

/** Spec part 1 §9: 10 trainings are recommended per exercice. */
export const RECOMMENDED_TRAININGS = 10;
