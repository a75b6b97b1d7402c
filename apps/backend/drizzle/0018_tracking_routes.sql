-- One key per page (issue 41): every event gets the app's route pattern of its page, the key the
-- figures group by. Events written before had only their path (with its ids: /library/bibliotheque/12)
-- and, for a PAGE, the page's title (the apps) or its path (older writers): both are folded here onto
-- the routes the apps had at this migration, and a PAGE still named by a path gets its French title.
-- A path no route matches keeps itself as its key.
ALTER TABLE "tracking_events" ADD COLUMN "route" text;--> statement-breakpoint
CREATE TABLE "tracking_routes_0018" ("route" text PRIMARY KEY, "title" text NOT NULL, "pattern" text NOT NULL, "params" integer NOT NULL);--> statement-breakpoint
INSERT INTO "tracking_routes_0018" ("route", "title", "pattern", "params") VALUES
  ('/', 'Accueil', '^//?$', 0),
  ('/my/account', 'Mon compte', '^/my/account/?$', 0),
  ('/my/account/edit', 'Modifier mon compte', '^/my/account/edit/?$', 0),
  ('/my-customers', 'Mes clients', '^/my-customers/?$', 0),
  ('/my-customers/:id', 'Fiche client', '^/my-customers/[^/]+/?$', 1),
  ('/my-prospects', 'Mes prospects', '^/my-prospects/?$', 0),
  ('/prospects/:id', 'Fiche prospect', '^/prospects/[^/]+/?$', 1),
  ('/my-sales/summary', 'Synthèse de mes ventes', '^/my-sales/summary/?$', 0),
  ('/my-sales/real-estate', 'Mes ventes immobilier', '^/my-sales/real-estate/?$', 0),
  ('/my-sales/investment', 'Mes ventes placement', '^/my-sales/investment/?$', 0),
  ('/my-sales/vlp', 'Mes ventes VLP', '^/my-sales/vlp/?$', 0),
  ('/my-sales/real-estate/clients/:id', 'Fiche client', '^/my-sales/real-estate/clients/[^/]+/?$', 1),
  ('/my-sales/investment/clients/:id', 'Fiche client', '^/my-sales/investment/clients/[^/]+/?$', 1),
  ('/my-sales/vlp/clients/:id', 'Fiche client', '^/my-sales/vlp/clients/[^/]+/?$', 1),
  ('/my-sales/vlp/team/:agentId', 'Ventes VLP du mandataire', '^/my-sales/vlp/team/[^/]+/?$', 1),
  ('/my-team/:agentId/real-estate', 'Ventes immobilier du mandataire', '^/my-team/[^/]+/real-estate/?$', 1),
  ('/my-team/:agentId/investment', 'Ventes placement du mandataire', '^/my-team/[^/]+/investment/?$', 1),
  ('/my/training', 'Mes formations', '^/my/training/?$', 0),
  ('/my-team', 'Mon équipe', '^/my-team/?$', 0),
  ('/my-team/:agentId', 'Fiche mandataire', '^/my-team/[^/]+/?$', 1),
  ('/my-team/:agentId/team', 'Équipe du mandataire', '^/my-team/[^/]+/team/?$', 1),
  ('/my-training-team', 'Formations de mon équipe', '^/my-training-team/?$', 0),
  ('/my-team-sponsor', 'Suivi des filleuls', '^/my-team-sponsor/?$', 0),
  ('/news', 'Actualités', '^/news/?$', 0),
  ('/news/:id', 'Actualité', '^/news/[^/]+/?$', 1),
  ('/my/reminders', 'Mes rappels', '^/my/reminders/?$', 0),
  ('/my/reminders/reporting', 'Rapport des rappels', '^/my/reminders/reporting/?$', 0),
  ('/my/reminders/create', 'Nouveau rappel', '^/my/reminders/create/?$', 0),
  ('/my/reminders/:id/edit', 'Modifier le rappel', '^/my/reminders/[^/]+/edit/?$', 1),
  ('/my/reminders/:id', 'Rappel', '^/my/reminders/[^/]+/?$', 1),
  ('/library', 'Documents', '^/library/?$', 0),
  ('/library/bibliotheque', 'Bibliothèque', '^/library/bibliotheque/?$', 0),
  ('/library/bibliotheque/:folderId', 'Bibliothèque', '^/library/bibliotheque/[^/]+/?$', 1),
  ('/library/trainers-club', 'Trainer’s Club', '^/library/trainers-club/?$', 0),
  ('/library/trainers-club/:folderId', 'Trainer’s Club', '^/library/trainers-club/[^/]+/?$', 1),
  ('/library/rac', 'Documentation RAC', '^/library/rac/?$', 0),
  ('/library/rac/:folderId', 'Documentation RAC', '^/library/rac/[^/]+/?$', 1),
  ('/library/responsable-pole', 'Responsable de pôle', '^/library/responsable-pole/?$', 0),
  ('/library/responsable-pole/:folderId', 'Responsable de pôle', '^/library/responsable-pole/[^/]+/?$', 1),
  ('/library/demandes-modification', 'Demandes de modification', '^/library/demandes-modification/?$', 0),
  ('/redirect/:sso', 'Redirection', '^/redirect/[^/]+/?$', 1),
  ('/my-invoices/library', 'Mes Factures', '^/my-invoices/library/?$', 0),
  ('/my-invoices/clients/:id', 'Mes Factures', '^/my-invoices/clients/[^/]+/?$', 1),
  ('/support', 'Support', '^/support/?$', 0),
  ('/accueil', 'Accueil', '^/accueil/?$', 0),
  ('/customers', 'Clients', '^/customers/?$', 0),
  ('/customers/:id', 'Fiche client', '^/customers/[^/]+/?$', 1),
  ('/prospects', 'Prospects', '^/prospects/?$', 0),
  ('/prospects/team/:agentId', 'Prospects d’un mandataire', '^/prospects/team/[^/]+/?$', 1),
  ('/sales/real-estate', 'Ventes immobilier', '^/sales/real-estate/?$', 0),
  ('/sales/investment', 'Ventes placement', '^/sales/investment/?$', 0),
  ('/sales/vlp', 'Ventes VLP', '^/sales/vlp/?$', 0),
  ('/sales/real-estate/team/:idCgp', 'Ventes immobilier du mandataire', '^/sales/real-estate/team/[^/]+/?$', 1),
  ('/sales/real-estate/clients/:id', 'Fiche client', '^/sales/real-estate/clients/[^/]+/?$', 1),
  ('/sales/investment/team/:idCgp', 'Ventes placement du mandataire', '^/sales/investment/team/[^/]+/?$', 1),
  ('/sales/investment/clients/:id', 'Fiche client', '^/sales/investment/clients/[^/]+/?$', 1),
  ('/sales/vlp/team/:idCgp', 'Ventes VLP du mandataire', '^/sales/vlp/team/[^/]+/?$', 1),
  ('/sales/vlp/clients/:id', 'Fiche client', '^/sales/vlp/clients/[^/]+/?$', 1),
  ('/team/:agentId/real-estate', 'Ventes immobilier du mandataire', '^/team/[^/]+/real-estate/?$', 1),
  ('/team/:agentId/investment', 'Ventes placement du mandataire', '^/team/[^/]+/investment/?$', 1),
  ('/customers/:id/team/:agentId/real-estate', 'Ventes immobilier du mandataire', '^/customers/[^/]+/team/[^/]+/real-estate/?$', 2),
  ('/customers/:id/team/:agentId/investment', 'Ventes placement du mandataire', '^/customers/[^/]+/team/[^/]+/investment/?$', 2),
  ('/team', 'Équipes', '^/team/?$', 0),
  ('/team/:agentId', 'Fiche mandataire', '^/team/[^/]+/?$', 1),
  ('/team/:agentId/team', 'Équipe du mandataire', '^/team/[^/]+/team/?$', 1),
  ('/customers/:id/team/:agentId', 'Fiche mandataire', '^/customers/[^/]+/team/[^/]+/?$', 2),
  ('/customers/:id/team/:agentId/team', 'Équipe du mandataire', '^/customers/[^/]+/team/[^/]+/team/?$', 2),
  ('/communication/news', 'Actualités', '^/communication/news/?$', 0),
  ('/communication/news/create', 'Créer une actualité', '^/communication/news/create/?$', 0),
  ('/communication/news/:id/edit', 'Modifier une actualité', '^/communication/news/[^/]+/edit/?$', 1),
  ('/communication/news/:id', 'Actualité', '^/communication/news/[^/]+/?$', 1),
  ('/communication/reminders', 'Rappels réseau', '^/communication/reminders/?$', 0),
  ('/communication/reminders/create', 'Nouveau rappel réseau', '^/communication/reminders/create/?$', 0),
  ('/communication/reminders/:id/edit', 'Modifier le rappel réseau', '^/communication/reminders/[^/]+/edit/?$', 1),
  ('/communication/reminders/:id', 'Rappel réseau', '^/communication/reminders/[^/]+/?$', 1),
  ('/invoices/library', 'Factures', '^/invoices/library/?$', 0),
  ('/invoices/team/:agentId', 'Factures', '^/invoices/team/[^/]+/?$', 1),
  ('/invoices/clients/:id', 'Factures', '^/invoices/clients/[^/]+/?$', 1),
  ('/invoices/dispatch', 'Dispatch des factures', '^/invoices/dispatch/?$', 0),
  ('/communication/pictures-library', 'Banque d’images', '^/communication/pictures-library/?$', 0),
  ('/communication/notifications', 'Notifications', '^/communication/notifications/?$', 0),
  ('/administration/users', 'Utilisateurs', '^/administration/users/?$', 0),
  ('/administration/users/create', 'Créer un utilisateur', '^/administration/users/create/?$', 0),
  ('/administration/users/:id/edit', 'Modifier un utilisateur', '^/administration/users/[^/]+/edit/?$', 1),
  ('/administration/users/:id', 'Détail d’un utilisateur', '^/administration/users/[^/]+/?$', 1),
  ('/administration/portail', 'Portail', '^/administration/portail/?$', 0),
  ('/administration/audit', 'Journal d’audit', '^/administration/audit/?$', 0),
  ('/odysseal/roles', 'Rôles Odysseal', '^/odysseal/roles/?$', 0),
  ('/tracking/global', 'Suivi global', '^/tracking/global/?$', 0),
  ('/tracking/users', 'Suivi par utilisateur', '^/tracking/users/?$', 0),
  ('/tracking/users/:id/details', 'Suivi d''un utilisateur', '^/tracking/users/[^/]+/details/?$', 1),
  ('/statistiques/taux-uc', 'Taux UC', '^/statistiques/taux-uc/?$', 0),
  ('/statistiques/real-estate', 'Statistiques immobilier', '^/statistiques/real-estate/?$', 0),
  ('/statistiques/investments', 'Statistiques placements', '^/statistiques/investments/?$', 0),
  ('/statistiques/team', 'Statistiques équipes', '^/statistiques/team/?$', 0),
  ('/mon-compte', 'Mon compte', '^/mon-compte/?$', 0);--> statement-breakpoint
-- Each distinct path matched once (not each event): the most specific route wins, fewest parameters first.
UPDATE "tracking_events" e SET "route" = coalesce(m."route", e."path")
FROM (
  SELECT p."path", (
    SELECT r."route" FROM "tracking_routes_0018" r
    WHERE p."path" ~ r."pattern" ORDER BY r."params", length(r."route") DESC LIMIT 1
  ) AS "route"
  FROM (SELECT DISTINCT "path" FROM "tracking_events") p
) m
WHERE m."path" = e."path";--> statement-breakpoint
UPDATE "tracking_events" e SET "action" = r."title"
FROM "tracking_routes_0018" r
WHERE e."type" = 'PAGE' AND e."action" LIKE '/%' AND e."route" = r."route";--> statement-breakpoint
DROP TABLE "tracking_routes_0018";--> statement-breakpoint
ALTER TABLE "tracking_events" ALTER COLUMN "route" SET NOT NULL;
