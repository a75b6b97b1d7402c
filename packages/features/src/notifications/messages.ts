import { INVALID_URL } from '@portal/api/generated/field-messages';
import { commonMessages, type GridTexts } from '../common';

/** French copy of the notification bell and the notifications administration (spec §2, §5, §8). */
export const messages = {
  ...commonMessages,
  bellEmpty: "Vous n'avez aucune nouvelle notification.",
  bellMarkAll: 'Tout marquer comme lu',
  bellButton: 'Notifications',
  bellButtonWithCount: (badge: string) => `Notifications, ${badge} non lues`,
  bellTitle: 'Notifications',

  pageTitle: 'Notifications',
  create: 'Créer une notification',
  createTitle: 'Créer une notification',
  editTitle: 'Modifier la notification',
  grid: {
    label: 'Notifications envoyées',
    empty: 'Aucune notification.',
    total: (count: number) => `${count} notification${count > 1 ? 's' : ''}`,
  } satisfies GridTexts,
  title: 'Titre',
  description: 'Description',
  link: 'Lien',
  profilesToNotify: 'Profils à notifier',
  expireAt: 'Date d’expiration',
  createdAt: 'Créée le',
  actions: 'Actions',
  noProfiles: 'Aucun profil mandataire.',
  pagination: 'Pagination des notifications',

  invalidUrl: INVALID_URL,
  expiryInPast: "La date d'expiration ne peut pas être passée.",
  created: 'la notification est créé',
  updated: 'la notification est mise à jour',

  rulesTitle: 'Règles de notification',
  rulesHint: 'Activez ou désactivez l’envoi automatique de chaque notification.',
  ruleActive: (name: string) => `Activer « ${name} »`,
  noRules: 'Aucune règle de notification.',
  ruleSaved: 'Modification effectuée avec succès.',
} as const;
