import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { agents, mediaObjects, prospectFiles, prospects } from '../../../src/db/schema.js';
import { multipart, multipartForm } from '../../helpers/communication.js';
import type { Fixtures } from '../roles.js';
import { mergePatch, nothingOutOfScope, onlyTheHeaderRow } from './shared.js';
import type { Example } from './types.js';

export const samplePdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function agentIdOf(fx: Fixtures, cgpId: string) {
  const [agent] = await fx.ctx.db.select().from(agents).where(eq(agents.cgpId, cgpId));
  return agent!.id;
}

/** Julien, sponsored by Claire: in her downline, so she reads his prospects but never writes them. */
const DOWNLINE_CGP_ID = 'CGP0002';

/** A fresh prospect of the agent of `cgpId` (Claire's own by default), with one stored file. */
async function prospectOf(fx: Fixtures, cgpId = 'CGP0001') {
  const [prospect] = await fx.ctx.db
    .insert(prospects)
    .values({
      agentId: await agentIdOf(fx, cgpId),
      lastName: 'Matrice',
      firstName: 'Prospect',
      birthday: '1980-01-01',
    })
    .returning();
  const name = `${randomBytes(16).toString('hex')}.pdf`;
  const [media] = await fx.ctx.db
    .insert(mediaObjects)
    .values({
      displayName: 'ric.pdf',
      filePath: `prospects/${name}`,
      mimeType: 'application/pdf',
      size: 10,
    })
    .returning();
  await fx.ctx.db
    .insert(prospectFiles)
    .values({ prospectId: prospect!.id, kind: 'RIC', mediaObjectId: media!.id });
  await fx.ctx.storage.disk.put(`prospects/${name}`, samplePdf());
  return { id: prospect!.id, file: name };
}

export const prospectExamples: Record<string, Example> = {
  'main:listProspects': {
    request: () => ({ path: '/prospects?lastName=a&order[lastName]=asc' }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/prospects?consultant.id=${await agentIdOf(fx, fx.foreignCgpId)}`,
      }),
      status: 200,
      check: nothingOutOfScope,
    },
  },
  'main:exportProspects': {
    request: () => ({ path: '/prospects/export' }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/prospects/export?consultant.id=${await agentIdOf(fx, fx.foreignCgpId)}`,
      }),
      status: 200,
      check: onlyTheHeaderRow,
    },
  },
  'main:getProspect': {
    request: async ({ fx }) => ({ path: `/prospects/${(await prospectOf(fx)).id}` }),
    foreign: [
      {
        request: async ({ fx }) => ({
          path: `/prospects/${(await prospectOf(fx, fx.foreignCgpId)).id}`,
        }),
        status: 404,
      },
      // Reads keep the team scope: her downline's prospect.
      {
        request: async ({ fx }) => ({
          path: `/prospects/${(await prospectOf(fx, DOWNLINE_CGP_ID)).id}`,
        }),
        status: 200,
      },
    ],
  },
  'main:createProspect': {
    request: async () => ({
      path: '/prospects',
      ...(await multipartForm({
        lastName: 'Matrice',
        firstName: 'Nouveau',
        birthday: '1975-05-05',
        consultant: 'CGP0001',
        ricFile: { data: samplePdf(), filename: 'ric.pdf', type: 'application/pdf' },
      })),
    }),
    foreign: 'an agent creates his own prospects only',
  },
  'main:updateProspect': {
    request: async ({ fx }) => ({
      path: `/prospects/${(await prospectOf(fx)).id}`,
      body: { firstName: 'Modifié' },
      headers: mergePatch,
    }),
    foreign: [
      {
        request: async ({ fx }) => ({
          path: `/prospects/${(await prospectOf(fx, fx.foreignCgpId)).id}`,
          body: { firstName: 'Pas le mien' },
          headers: mergePatch,
        }),
        status: 404,
      },
      // Her downline's: she reads it (getProspect), she does not write it.
      {
        request: async ({ fx }) => ({
          path: `/prospects/${(await prospectOf(fx, DOWNLINE_CGP_ID)).id}`,
          body: { firstName: 'Pas le mien' },
          headers: mergePatch,
        }),
        status: 404,
      },
    ],
  },
  'main:addProspectFile': {
    request: async ({ fx }) => ({
      path: `/prospect/${(await prospectOf(fx)).id}/files`,
      ...(await multipart('file', samplePdf(), 'der.pdf', 'application/pdf')),
    }),
    foreign: [
      {
        request: async ({ fx }) => ({
          path: `/prospect/${(await prospectOf(fx, fx.foreignCgpId)).id}/files`,
          ...(await multipart('file', samplePdf(), 'der.pdf', 'application/pdf')),
        }),
        status: 404,
      },
      {
        request: async ({ fx }) => ({
          path: `/prospect/${(await prospectOf(fx, DOWNLINE_CGP_ID)).id}/files`,
          ...(await multipart('file', samplePdf(), 'der.pdf', 'application/pdf')),
        }),
        status: 404,
      },
    ],
  },
  'main:downloadProspectFile': {
    request: async ({ fx }) => ({
      path: `/media/prospects/${(await prospectOf(fx)).file}?download`,
    }),
    foreign: {
      request: async ({ fx }) => ({
        path: `/media/prospects/${(await prospectOf(fx, fx.foreignCgpId)).file}?download`,
      }),
      status: 404,
    },
  },
};
