import type { Faker } from '@faker-js/faker';
import type { Database } from '../../db/client.js';
import type { FileStore } from './files.js';
import type { Log } from './insert.js';
import type { Random } from './random.js';

export interface SeedContext {
  db: Database;
  random: Random;
  faker: Faker;
  files: FileStore;
  scale: number;
  /** "Today" of the demo (YYYY-MM-DD): every date is relative to it. */
  today: string;
  log: Log;
  rows: number;
}

export interface NetworkAgent {
  id: number;
  cgpId: string;
  firstname: string;
  lastname: string;
  sponsorId: number | null;
  depth: number;
  /** Relative share of customers and sales. */
  weight: number;
  userId: number | null;
  registerDate: string;
}

export interface NetworkCustomer {
  id: number;
  agentIndex: number;
  lastName: string;
  firstName: string;
}

export const CITIES: [string, string][] = [
  ['75008', 'Paris'],
  ['75015', 'Paris'],
  ['69003', 'Lyon'],
  ['13008', 'Marseille'],
  ['31000', 'Toulouse'],
  ['33000', 'Bordeaux'],
  ['44000', 'Nantes'],
  ['59000', 'Lille'],
  ['67000', 'Strasbourg'],
  ['34000', 'Montpellier'],
  ['35000', 'Rennes'],
  ['06000', 'Nice'],
  ['38000', 'Grenoble'],
  ['21000', 'Dijon'],
  ['49000', 'Angers'],
  ['37000', 'Tours'],
  ['51100', 'Reims'],
  ['76000', 'Rouen'],
  ['64200', 'Biarritz'],
  ['74000', 'Annecy'],
  ['29200', 'Brest'],
  ['63000', 'Clermont-Ferrand'],
  ['87000', 'Limoges'],
  ['57000', 'Metz'],
];
