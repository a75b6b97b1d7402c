import { png } from '../../src/seed/network/files.js';
import type { TestContext } from './context.js';

/** A small real PNG. */
export const samplePng = () => png(8, 8, [32, 78, 140], [200, 90, 40]);

/** A multipart/form-data body with one file field, as a browser would send it. */
export async function multipart(
  field: string,
  data: Buffer,
  filename: string,
  type = 'image/png',
): Promise<{ raw: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
  const response = new Response(form);
  return {
    raw: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export interface FilePart {
  data: Buffer;
  filename: string;
  type?: string;
}

/** A multipart/form-data body with text fields and files, as a browser would send it. */
export async function multipartForm(
  fields: Record<string, string | FilePart>,
): Promise<{ raw: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }),
        value.filename,
      );
  }
  const response = new Response(form);
  return {
    raw: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

/** Uploads a picture and adds it to the image bank; answers the image bank item. */
export async function createPicture(ctx: TestContext, token: string, title = 'Visuel de test') {
  const upload = await ctx.api('POST', '/media_objects', {
    token,
    ...(await multipart('file', samplePng(), 'visuel.png')),
  });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.text}`);
  const image = await ctx.api('POST', '/image_banks', {
    token,
    body: { title, mediaObject: upload.body['@id'] },
  });
  if (image.status !== 201) throw new Error(`image bank failed: ${image.text}`);
  return image.body as {
    '@id': string;
    id: number;
    mediaObject: { '@id': string; id: number; contentUrl: string };
  };
}

/** Creates a news item with a fresh picture; `fields` override the defaults. */
export async function createNewsItem(
  ctx: TestContext,
  token: string,
  fields: Record<string, unknown> = {},
) {
  const picture = await createPicture(ctx, token);
  const response = await ctx.api('POST', '/news', {
    token,
    body: {
      title: 'Actualité de test',
      date: '2026-01-10',
      content: '<p>Contenu</p>',
      displayed: true,
      imageBank: picture['@id'],
      ...fields,
    },
  });
  if (response.status !== 201) throw new Error(`news failed: ${response.text}`);
  return response.body as { '@id': string; id: number } & Record<string, unknown>;
}
