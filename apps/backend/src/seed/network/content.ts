import { count, eq } from 'drizzle-orm';
import {
  documentModificationRequests,
  folders,
  imageBanks,
  LIBRARY_TYPES,
  mediaObjectLists,
  mediaObjects,
  news,
  newsLists,
  newsProfiles,
  notificationLists,
  notificationProfiles,
  notifications,
  profiles,
  reminderLists,
  reminders,
  type LibraryType,
} from '../../db/schema.js';
import { ensureNewsEntries } from '../../domain/news-read-state.js';
import type { NetworkAgent, NetworkCustomer, SeedContext } from './context.js';
import { pdf, scenePng } from './files.js';
import { insertMany, insertReturningIds } from './insert.js';
import { day } from './random.js';

/** Demo copy in French (faker's lorem is Latin, whatever the locale). */
const SENTENCES = [
  'Les nouvelles conditions s’appliquent à toutes les souscriptions reçues à partir du mois prochain.',
  'Pensez à compléter le dossier réglementaire de vos clients avant la clôture de l’exercice.',
  'Une session de présentation est prévue en visioconférence, inscription depuis votre espace formation.',
  'Le support du réseau reste à votre disposition pour toute question sur ce sujet.',
  'Les documents mis à jour sont disponibles dans la bibliothèque, rubrique réglementaire.',
  'Les taux annoncés s’entendent nets de frais de gestion, hors fiscalité.',
  'Le programme compte une quarantaine de lots, livrables au second semestre.',
  'Merci de transmettre les justificatifs manquants à votre responsable de pôle.',
  'Cette évolution simplifie le suivi des versements programmés.',
  'Vos clients recevront un courrier d’information dans les prochains jours.',
  'Les inscriptions sont ouvertes jusqu’à la fin du mois, dans la limite des places disponibles.',
  'Un récapitulatif détaillé sera publié après la réunion du comité.',
];
const sentence = (faker: SeedContext['faker']) => faker.helpers.arrayElement(SENTENCES);
const paragraph = (faker: SeedContext['faker']) =>
  faker.helpers.arrayElements(SENTENCES, 3).join(' ');

const NEWS_TOPICS = [
  'Loi de finances : ce qui change pour vos clients',
  'Nouveau programme immobilier à Bordeaux',
  'Convention annuelle du réseau',
  'Taux de rendement des SCPI',
  'Ouverture des inscriptions au Trainer’s Club',
  'Le PER après la réforme',
  'Rencontre partenaires à Lyon',
  'Nouvel outil de simulation',
  'Résultats trimestriels du réseau',
  'Conformité DDA : rappel des obligations',
];
const PALETTE = [
  [32, 78, 140],
  [200, 90, 40],
  [40, 130, 90],
  [120, 60, 140],
  [210, 170, 40],
  [60, 60, 70],
];

/** Media object rows of files written on disk. */
function stored(ctx: SeedContext, path: string, content: Buffer, displayName: string) {
  const size = ctx.files.write(path, content);
  const mimeType = path.endsWith('.png') ? 'image/png' : 'application/pdf';
  return { displayName, filePath: path, mimeType, size };
}

export async function seedNews(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random, faker } = ctx;
  const agentProfiles = await db.select().from(profiles).where(eq(profiles.type, 'Mandataire'));
  // Drawn here, nothing downloaded: a town by the water under a different sky each time.
  const images = Array.from({ length: 60 }, (_, i) => {
    // Two draws per picture as before, so the rest of the seed stays the same.
    random.pick(PALETTE);
    random.pick(PALETTE);
    return stored(
      ctx,
      `images/news-${i + 1}.png`,
      scenePng(480, 270, i + 1),
      `actualite-${i + 1}.png`,
    );
  });
  const mediaIds = await insertReturningIds(
    db,
    mediaObjects,
    images.map((m) => ({ ...m, createdAt: new Date(`${ctx.today}T06:00:00Z`) })),
  );
  const imageIds = await insertReturningIds(
    db,
    imageBanks,
    mediaIds.map((id, i) => ({
      title: `Visuel ${i + 1}`,
      mediaObjectId: id,
      createdAt: new Date(`${ctx.today}T06:00:00Z`),
    })),
  );
  const newsRows = imageIds.map((imageBankId, i) => {
    const date = day.add(ctx.today, -i * 6 - random.int(0, 4));
    const topic = NEWS_TOPICS[i % NEWS_TOPICS.length]!;
    return {
      title: i < NEWS_TOPICS.length ? topic : `${topic} (${i + 1})`,
      date: day.at(date, 9),
      content: `<p>${paragraph(faker)}</p><p>${paragraph(faker)}</p>`,
      displayed: i < 55,
      hasPopup: i < 2,
      sliderDisplayed: i < 3,
      imageBankId,
      createdAt: day.at(date, 8),
    };
  });
  const newsIds = await insertReturningIds(db, news, newsRows);
  await insertMany(
    db,
    newsProfiles,
    newsIds.flatMap((newsId) => agentProfiles.map((p) => ({ newsId, profileId: p.id }))),
  );
  const readers = network.filter((a) => a.userId !== null);
  const states = readers.flatMap((agent) =>
    newsIds
      .slice(0, 20)
      .filter(() => agent.cgpId <= 'CGP0004' || random.chance(0.3))
      .map((newsId) => {
        const isRead = random.chance(0.6);
        // The first demo agent signs in with the popup flag: her popup news are still unread.
        const popupForDemo =
          agent.cgpId === 'CGP0001' && newsRows[newsIds.indexOf(newsId)]!.hasPopup;
        return { newsId, userId: agent.userId!, isRead: isRead && !popupForDemo };
      }),
  );
  await insertMany(db, newsLists, states);
  // Every agent has an (unread) entry for each displayed news, as saving a news item makes.
  await ensureNewsEntries(db);
  const [entries] = await db.select({ n: count() }).from(newsLists);
  ctx.rows += images.length * 2 + newsIds.length + entries!.n;
  ctx.log(
    `actualités : ${newsIds.length} avec ${images.length} images (${entries!.n} états de lecture)`,
  );
}

export async function seedNotifications(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random } = ctx;
  const agentProfiles = await db.select().from(profiles).where(eq(profiles.type, 'Mandataire'));
  const rows = Array.from({ length: 40 }, (_, i) => {
    const created = day.add(ctx.today, -i * 3);
    return {
      title: random.pick([
        'Nouveau document',
        'Nouvelle actualité',
        'Facture disponible',
        'Information réseau',
      ]),
      description: `Information du ${created.split('-').reverse().join('/')} : ${sentence(ctx.faker)}`,
      urlLink: random.chance(0.5) ? '/news' : null,
      createdAt: day.at(created, 10),
      expireAt: day.at(day.add(created, 7), 10),
    };
  });
  const ids = await insertReturningIds(db, notifications, rows);
  await insertMany(
    db,
    notificationProfiles,
    ids.flatMap((notificationId) =>
      agentProfiles.map((p) => ({ notificationId, profileId: p.id })),
    ),
  );
  const lists = network
    .filter((a) => a.userId !== null)
    .flatMap((agent) =>
      ids
        .filter(() => random.chance(0.4))
        .map((notificationId, i) => ({
          notificationId,
          userId: agent.userId!,
          readByUser: i > 3 && random.chance(0.7),
        })),
    );
  await insertMany(db, notificationLists, lists);
  ctx.rows += ids.length + lists.length;
  ctx.log(`notifications : ${ids.length} (${lists.length} destinataires)`);
}

export async function seedReminders(
  ctx: SeedContext,
  network: NetworkAgent[],
  clientList: NetworkCustomer[],
) {
  const { db, random } = ctx;
  const personal = clientList
    .filter(() => random.chance(0.3))
    .map((customer) => {
      const agent = network[customer.agentIndex]!;
      const date = day.add(ctx.today, random.int(-365, 90));
      return {
        title: random.pick([
          'Bilan patrimonial',
          'Point annuel',
          'Signature',
          'Relance documents',
          'Anniversaire du contrat',
        ]),
        content: `Client ${customer.firstName} ${customer.lastName}`,
        date: day.at(date, random.int(8, 18)),
        type: 'personal' as const,
        displayed: true,
        authorId: agent.userId,
        customerId: customer.id,
        createdAt: day.at(day.add(date, -10), 9),
      };
    });
  const prospectReminders = network.slice(0, 30).map((agent) => ({
    title: 'Premier rendez-vous',
    content: null,
    date: day.at(day.add(ctx.today, random.int(1, 40)), 14),
    type: 'personal' as const,
    displayed: true,
    authorId: agent.userId,
    prospect: `${ctx.faker.person.firstName()} ${ctx.faker.person.lastName()}`,
    createdAt: day.at(ctx.today, 8),
  }));
  const network30 = Array.from({ length: 30 }, (_, i) => {
    const date = day.add(ctx.today, 60 - i * 12);
    return {
      title: random.pick([
        'Clôture des dossiers',
        'Envoi des justificatifs ORIAS',
        'Inscription à la convention',
        'Mise à jour DDA',
      ]),
      content: sentence(ctx.faker),
      date: day.at(date, 9),
      type: 'hubnup' as const,
      displayed: i !== 3,
      authorId: null,
      createdAt: day.at(day.add(date, -20), 9),
    };
  });
  // The demo agents (Claire, Julien, Lucas) always have a few of their own around today, one
  // of them tomorrow (the daily digest's), so the calendar and the digests show something.
  const demoAgents = network.filter(
    (agent) => ['CGP0001', 'CGP0002', 'CGP0004'].includes(agent.cgpId) && agent.userId !== null,
  );
  const demoReminders = demoAgents.flatMap((agent) =>
    [
      { title: 'Appeler pour le bilan patrimonial', offset: 1, hour: 10 },
      { title: 'Préparer le dossier de souscription', offset: 3, hour: 14 },
      { title: 'Relancer les pièces justificatives', offset: -2, hour: 9 },
    ].map(({ title, offset, hour }) => ({
      title,
      content: 'Rappel de démonstration',
      date: day.at(day.add(ctx.today, offset), hour),
      type: 'personal' as const,
      displayed: true,
      authorId: agent.userId,
      prospect: offset === 3 ? 'Sophie Bernard' : null,
      createdAt: day.at(ctx.today, 8),
    })),
  );
  const all = [...personal, ...prospectReminders, ...demoReminders, ...network30];
  const ids = await insertReturningIds(db, reminders, all);
  const agentUsers = network.filter((a) => a.userId !== null).map((a) => a.userId!);
  const lists = all.flatMap((reminder, i) =>
    reminder.type === 'personal'
      ? reminder.authorId
        ? [{ reminderId: ids[i]!, userId: reminder.authorId }]
        : []
      : agentUsers.map((userId) => ({ reminderId: ids[i]!, userId })),
  );
  await insertMany(db, reminderLists, lists);
  ctx.rows += ids.length + lists.length;
  ctx.log(
    `rappels : ${personal.length + prospectReminders.length + demoReminders.length} personnels, ${network30.length} réseau`,
  );
}

const FOLDERS: Record<LibraryType, string[]> = {
  bibliotheque: ['Contrats partenaires', 'Fiches produits', 'Réglementaire', 'Marketing'],
  'trainers-club': ['Ateliers 2025', 'Supports de formation', 'Replays'],
  rac: ['Procédures RAC', 'Modèles de courriers'],
  'responsable-pole': ['Animation de pôle', 'Tableaux de bord', 'Recrutement'],
};

/**
 * What each folder's documents are about, written into their PDFs (and kept as their text for
 * the search): words found only inside the documents, never in a file or folder name.
 */
const THEMES: Record<string, string> = {
  'Contrats partenaires':
    'Les conventions de distribution précisent la rémunération des apporteurs.',
  'Fiches produits':
    'Chaque fiche résume la fiscalité, les frais et l’horizon de placement conseillé.',
  Réglementaire:
    'Le questionnaire d’adéquation et la lutte contre le blanchiment sont des obligations du conseiller.',
  Marketing: 'La charte graphique encadre l’usage du logo sur les supports imprimés.',
  'Ateliers 2025': 'Chaque atelier se conclut par une évaluation des acquis des participants.',
  'Supports de formation': 'Les diaporamas suivent le déroulé pédagogique de la session.',
  Replays: 'Les enregistrements restent consultables pendant toute l’année.',
  'Procédures RAC': 'Toute réclamation est consignée dans le registre sous quarante-huit heures.',
  'Modèles de courriers': 'Les courriers types rappellent les délais de rétractation du client.',
  'Animation de pôle': 'La réunion mensuelle fait le point sur les recrutements et l’activité.',
  'Tableaux de bord': 'Les indicateurs trimestriels comparent la production de chaque conseiller.',
  Recrutement: 'Le parcours d’intégration dure trois mois avec un parrain désigné.',
};

export async function seedLibrary(ctx: SeedContext, network: Pick<NetworkAgent, 'userId'>[]) {
  const { db, random } = ctx;
  const created = new Date(`${ctx.today}T07:00:00Z`);
  const fileRows: (typeof mediaObjects.$inferInsert)[] = [];
  let folderCount = 0;
  for (const type of LIBRARY_TYPES) {
    for (const name of FOLDERS[type]) {
      const [root] = await db
        .insert(folders)
        .values({ name, type, createdAt: created })
        .returning();
      const subfolders = await insertReturningIds(
        db,
        folders,
        Array.from({ length: random.int(0, 2) }, (_, i) => ({
          name: `${name} — partie ${i + 1}`,
          type,
          parentFolderId: root!.id,
          createdAt: created,
        })),
      );
      folderCount += 1 + subfolders.length;
      for (const folderId of [root!.id, ...subfolders]) {
        for (let f = 0; f < random.int(2, 5); f++) {
          const title = `${name} ${f + 1}`;
          const path = `library/${type}/${folderId}-${f + 1}.pdf`;
          const lines = [`Bibliothèque ${type}`, sentence(ctx.faker), THEMES[name] ?? ''];
          fileRows.push({
            ...stored(ctx, path, pdf(title, lines), `${title}.pdf`),
            // The text the upload's extraction job would read (the seed wrote it).
            contentText: [title, ...lines].join('\n'),
            textStatus: 'EXTRACTED',
            folderId,
            createdAt: day.at(day.add(ctx.today, -random.int(0, 200)), 10),
          });
        }
      }
    }
  }
  const fileIds = await insertReturningIds(db, mediaObjects, fileRows);
  const readers = network.filter((a) => a.userId !== null).slice(0, 40);
  const reads = readers.flatMap((agent) =>
    fileIds
      .filter(() => random.chance(0.3))
      .map((mediaObjectId) => ({
        mediaObjectId,
        userId: agent.userId!,
        readByUser: true,
      })),
  );
  await insertMany(db, mediaObjectLists, reads);
  const statuses = ['en étude', 'refusée', 'traitée'] as const;
  const requests = Array.from({ length: 25 }, (_, i) => ({
    title: `Mise à jour du document ${i + 1}`,
    description: `<p>${sentence(ctx.faker)}</p>`,
    mediaObjectId: random.pick(fileIds),
    status: statuses[i % 3]!,
    comment: i % 3 === 0 ? null : 'Merci, la demande a été prise en compte.',
    applicantId: random.pick(readers).userId!,
    createdAt: day.at(day.add(ctx.today, -i * 5), 11),
  }));
  await insertMany(db, documentModificationRequests, requests);
  ctx.rows += folderCount + fileIds.length + reads.length + requests.length;
  ctx.log(
    `bibliothèques : ${folderCount} dossiers, ${fileIds.length} fichiers PDF, ${requests.length} demandes`,
  );
}
