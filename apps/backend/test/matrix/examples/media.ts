import { multipart, samplePng } from '../../helpers/communication.js';
import { imageBankId, mergePatch, NOT_AGENT_DATA, pictureId } from './shared.js';
import { fileId } from './library.js';
import type { Example } from './types.js';

export const mediaExamples: Record<string, Example> = {
  'main:createMediaObject': {
    request: async () => ({
      path: '/media_objects',
      ...(await multipart('file', samplePng(), 'matrice.png')),
    }),
    foreign: NOT_AGENT_DATA,
  },
  // A file of the Bibliothèque (every agent views it); a picture's reading is media.test.ts's.
  'main:getMediaObject': {
    request: async ({ fx }) => ({ path: `/media_objects/${await fileId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:deleteMediaObject': {
    request: async ({ fx }) => ({ path: `/media_objects/${await pictureId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:listImageBanks': {
    request: () => ({ path: '/image_banks?title=visuel&page=1' }),
    foreign: NOT_AGENT_DATA,
  },
  'main:createImageBank': {
    request: async ({ fx }) => ({
      path: '/image_banks',
      body: { title: 'Nouveau visuel', mediaObject: `/media_objects/${await pictureId(fx)}` },
    }),
    foreign: NOT_AGENT_DATA,
  },
  'main:getImageBank': {
    request: async ({ fx }) => ({ path: `/image_banks/${await imageBankId(fx)}` }),
    foreign: NOT_AGENT_DATA,
  },
  'main:updateImageBank': {
    request: async ({ fx }) => ({
      path: `/image_banks/${await imageBankId(fx)}`,
      body: { title: 'Visuel renommé' },
      headers: mergePatch,
    }),
    foreign: NOT_AGENT_DATA,
  },
};
