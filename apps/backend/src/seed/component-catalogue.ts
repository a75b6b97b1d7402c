/**
 * Every component of the product, in menu order (the order gives the priority, hence the
 * home path after sign-in: the first held component with `page` true).
 *
 * - kind 'page' gates a route, 'component' a block or an action inside a page; which routes a
 *   page gates is declared once, by the apps' route tables (`packages/features/src/paths/`), and
 *   `test/app-routes.test.ts` checks both ways that they and this list agree;
 * - page true marks a landing page reachable without a path parameter (a home-path candidate);
 * - holders: the seeded profiles holding it besides Admin, who holds everything
 *   ('agent' = Mandataire; 'Mandataire - Junior' gets the agent ones except the exports).
 */
export type Holder = 'agent' | 'communication';

export interface CatalogueEntry {
  name: string;
  title: string;
  kind: 'page' | 'component';
  page: boolean;
  holders: Holder[];
}

const A: Holder[] = ['agent'];
const C: Holder[] = ['communication'];
const AC: Holder[] = ['agent', 'communication'];
const STAFF: Holder[] = [];

const landing = (name: string, title: string, holders: Holder[]) =>
  ({ name, title, kind: 'page', page: true, holders }) as const;
const route = (name: string, title: string, holders: Holder[]) =>
  ({ name, title, kind: 'page', page: false, holders }) as const;
const block = (name: string, title: string, holders: Holder[]) =>
  ({ name, title, kind: 'component', page: false, holders }) as const;

export const COMPONENT_CATALOGUE: CatalogueEntry[] = [
  landing('home_page', 'Accueil du portail', A),
  landing('staff_home_page', 'Accueil de la console', C),
  block('home_news', 'Accueil : actualités', A),
  block('home_partners', 'Accueil : partenaires', A),
  block('home_contact_us', 'Accueil : nous contacter', A),
  block('sso_top_invest', 'Accès Top Invest', A),
  block('sso_odysseal', 'Accès à la plateforme de formation Odysseal', AC),
  landing('account_page', 'Mon compte', A),
  route('account_modifications_page', 'Modifier mon compte', A),
  landing('sales_summary_page', 'Mes ventes : synthèse', A),
  block('sales_summary_real_estate', 'Synthèse : suivi immobilier', A),
  block('sales_summary_investment', 'Synthèse : suivi placement', A),
  block('sales_summary_stats', 'Synthèse : mes statistiques', A),
  landing('my_sales_real_estate_page', 'Mes ventes immobilier', A),
  landing('my_sales_investment_page', 'Mes ventes placement', A),
  landing('my_sales_vlp_page', 'Mes ventes VLP', A),
  landing('sales_real_estate_page', 'Ventes immobilier du réseau', STAFF),
  landing('sales_investment_page', 'Ventes placement du réseau', STAFF),
  landing('sales_vlp_page', 'Ventes VLP du réseau', STAFF),
  block('sales_real_estate_export', 'Ventes immobilier : export', A),
  block('sales_real_estate_sum_sales', 'Ventes immobilier : totaux', A),
  block('sales_real_estate_unity_page', 'Ventes immobilier : lien vers l’outil immobilier', A),
  block('sales_investment_export', 'Ventes placement : export', A),
  block('sales_investment_sum_sales', 'Ventes placement : totaux', A),
  block('sales_vlp_export', 'Ventes VLP : export', A),
  block('sales_vlp_sum_sales', 'Ventes VLP : totaux', A),
  landing('my_customers_page', 'Mes clients', A),
  landing('customers_page', 'Clients du réseau', STAFF),
  block('customers_export', 'Clients : export', A),
  route('customers_detail_page', 'Fiche client', A),
  block('customers_detail_infos', 'Fiche client : informations', A),
  block('customers_detail_real_instate', 'Fiche client : immobilier', A),
  block('customers_detail_investment', 'Fiche client : placements', A),
  block('customers_detail_export', 'Fiche client : export', A),
  landing('my_team_page', 'Mon équipe', A),
  landing('team_page', 'Équipes du réseau', STAFF),
  route('team_detail_page', 'Fiche mandataire', A),
  block('team_detail_infos', 'Fiche mandataire : informations', A),
  route('team_detail_real_estate_page', 'Fiche mandataire : ventes', A),
  block('team_export', 'Équipe : exports', A),
  landing('team_sponsor_page', 'Suivi des filleuls', A),
  landing('training_page', 'Mes formations', A),
  block('training_export', 'Mes formations : export', A),
  landing('training_team_page', 'Formations de l’équipe', A),
  block('training_team_export', 'Formations de l’équipe : exports', A),
  landing('my_prospects_page', 'Mes prospects', A),
  landing('prospects_page', 'Prospects du réseau', STAFF),
  route('prospects_detail_page', 'Fiche prospect', A),
  block('prospects_edit', 'Prospects : ajout et fichiers', A),
  block('prospects_export', 'Prospects : export', A),
  block('prospects_required_documents', 'Prospects : RIC ou DER obligatoire', A),
  landing('my_invoices_page', 'Mes factures', A),
  landing('invoices_page', 'Factures du réseau', STAFF),
  landing('invoices_dispatch_page', 'Dispatch des factures', STAFF),
  landing('library_page', 'Bibliothèque', A),
  block('library_edit', 'Bibliothèque : édition', STAFF),
  landing('trainers_club_documentation_page', 'Documentation Trainer’s Club', A),
  block('trainers_club_documentation_edit', 'Documentation Trainer’s Club : édition', STAFF),
  landing('rac_documentation_page', 'Documentation RAC', STAFF),
  block('rac_documentation_edit', 'Documentation RAC : édition', STAFF),
  landing('responsable_pole_documentation_page', 'Documentation responsable de pôle', STAFF),
  block(
    'responsable_pole_documentation_edit',
    'Documentation responsable de pôle : édition',
    STAFF,
  ),
  landing('modification_requests_page', 'Demandes de modification', A),
  landing('reminders_page', 'Mes rappels', A),
  route('reminders_detail_page', 'Détail d’un rappel', AC),
  route('reminders_edit_page', 'Création et modification des rappels', AC),
  route('reminders_reporting_page', 'Rapport des rappels', A),
  landing('news_page', 'Actualités', A),
  route('news_details_page', 'Détail d’une actualité', AC),
  landing('communication_news_page', 'Communication : actualités', C),
  route('news_edit_page', 'Communication : gestion des actualités', C),
  landing('communication_reminders_page', 'Communication : rappels réseau', C),
  landing('pictures_library_page', 'Communication : banque d’images', C),
  landing('notifications_page', 'Communication : notifications', C),
  block('activate_notifications', 'Notifications : règles d’envoi', C),
  landing('statistics_taux_uc_page', 'Statistiques : taux UC', STAFF),
  landing('statistics_real_estate_page', 'Statistiques : immobilier', STAFF),
  landing('statistics_investments_page', 'Statistiques : placements', STAFF),
  landing('statistics_team_page', 'Statistiques : équipes', STAFF),
  landing('tracking_page', 'Suivi de l’utilisation', STAFF),
  landing('tracking_users_page', 'Suivi par utilisateur', STAFF),
  landing('users_page', 'Utilisateurs', STAFF),
  route('users_details_page', 'Détail d’un utilisateur', STAFF),
  route('users_edit_page', 'Création et modification des utilisateurs', STAFF),
  block('users_imports', 'Utilisateurs : import', STAFF),
  block('users_switch_user', 'Utilisateurs : prendre l’identité', STAFF),
  landing('portail_page', 'Portail', STAFF),
  block('portail_settings', 'Portail : paramètres et profils', STAFF),
  block('portail_agents_components', 'Portail : composants des mandataires', STAFF),
  block('hubnup_components', 'Portail : composants Hubnup', STAFF),
  landing('odysseal_roles_page', 'Odysseal : rôles', STAFF),
  block('jobs_page', 'Tâches de fond : suivi et relance', STAFF),
  landing('support_page', 'Support', A),
  // Last, so that adding it moved no other component's priority.
  block('modification_requests_edit', 'Demandes de modification : traitement', STAFF),
  landing('audit_page', 'Journal d’audit', STAFF),
];
