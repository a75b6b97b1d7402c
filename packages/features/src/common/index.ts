// What the features share: French copy used across them (one definition of
// 'Ce champ est obligatoire.' and co) and the French date field bound to react-hook-form.
export {
  commonMessages,
  dateFieldLabels,
  paginationLabels,
  profileMessages,
  trainingLabels,
} from './messages';
export { Facts, Habilitations, LevelStars, Qualification } from './profile-facts';
export { mediaUrl } from './media-url';
export { InfoCard, PAGE_HEADER, TitledSection, type TitledSectionProps } from './titled-section';
export { FormDateField, type FormDateFieldProps } from './form-date-field';
export { exerciceOf, SumCard } from './sum-card';
export { clearDraft, draftDiffers, readDraft, writeDraft } from './session-draft';
export { followInApp } from './client-link';
export { DraftNotice } from './draft-notice';
export { monthName, monthNames } from './months';
export { countOf, gridTexts, type GridTexts } from './grid-texts';
export { optionsOf } from './options';
export { ExportButtons } from './export-buttons';
