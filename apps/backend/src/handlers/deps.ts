import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../mail.js';

export interface Deps {
  db: Database;
  config: Config;
  mailer: Mailer;
}
