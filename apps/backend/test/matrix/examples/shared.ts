import ExcelJS from 'exceljs';
import { imageBanks, mediaObjects } from '../../../src/db/schema.js';
import type { ApiResponse } from '../../helpers/context.js';
import type { Fixtures } from '../roles.js';

/** Pieces several domains' examples use. */

export const mergePatch = { 'content-type': 'application/merge-patch+json' };
export const NOT_AGENT_DATA = 'not an agent record';

/** A filter naming an outsider narrows the agent's own rows to nothing. */
export function nothingOutOfScope(response: ApiResponse) {
  if (response.body['hydra:totalItems'] !== 0 || response.body['hydra:member'].length !== 0) {
    throw new Error(`an agent reached another agent's rows: ${response.text}`);
  }
}

/** A staff caller beyond his rights is told why, in French, naming nothing else. */
export const refusedWith = (message: string) => (response: ApiResponse) => {
  if (response.body['hydra:description'] !== message)
    throw new Error(`expected '${message}', got ${response.text}`);
};

/** An export narrowed to an outsider's rows holds its header row only. */
export async function onlyTheHeaderRow(response: ApiResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.raw as unknown as ArrayBuffer);
  const rows = workbook.worksheets[0]!.actualRowCount;
  if (rows !== 1) throw new Error(`an agent exported another agent's rows (${rows - 1})`);
}

/** A picture of the image bank, inserted directly (fresh rows for every case). */
export async function pictureId(fx: Fixtures) {
  const [media] = await fx.ctx.db
    .insert(mediaObjects)
    .values({
      displayName: 'matrice.png',
      filePath: `images/matrice-${fx.unique()}.png`,
      mimeType: 'image/png',
      size: 1,
    })
    .returning();
  return media!.id;
}

/** An image bank entry with a fresh picture. */
export async function imageBankId(fx: Fixtures) {
  const [image] = await fx.ctx.db
    .insert(imageBanks)
    .values({ title: 'Visuel de la matrice', mediaObjectId: await pictureId(fx) })
    .returning();
  return image!.id;
}
