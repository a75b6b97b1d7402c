import { eq } from 'drizzle-orm';
import { mediaObjects } from '../db/schema.js';
import type { Deps } from '../handlers/deps.js';
import type { JobDefinition } from '../jobs/queue.js';

export const EXTRACT_TEXT_JOB = 'library.extract-text';

/** PDFs larger than this are not read for the search (the text of a regulation fits well under). */
const MAX_PDF_BYTES = 20 * 1024 * 1024;
/** Text kept per document: enough for any regulation text, bounded for the row. */
const MAX_TEXT_CHARS = 1_000_000;

/** The text of a PDF, page after page (pdf.js, no worker, no font loading, no eval). */
export async function pdfText(data: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= document.numPages && length < MAX_TEXT_CHARS; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('');
      pages.push(text);
      length += text.length;
      page.cleanup();
    }
    return pages.join('\n').replace(/\0/g, '').slice(0, MAX_TEXT_CHARS);
  } finally {
    await document.destroy();
  }
}

/**
 * Reads the text of an uploaded PDF into `content_text` for the search (`search_vector` follows,
 * a generated column). Idempotent: it only writes the row's text again. A file gone meanwhile
 * is nothing to do; an unreadable PDF keeps no text (it is still found by its name).
 */
export function extractTextJob(
  deps: Pick<Deps, 'db' | 'storage'>,
): JobDefinition<{ mediaObjectId: number }> {
  return {
    name: EXTRACT_TEXT_JOB,
    retryLimit: 2,
    expireInSeconds: 300,
    async run({ mediaObjectId }) {
      const [row] = await deps.db
        .select({ filePath: mediaObjects.filePath, size: mediaObjects.size })
        .from(mediaObjects)
        .where(eq(mediaObjects.id, mediaObjectId));
      if (!row || row.size > MAX_PDF_BYTES) return;
      const stored = await deps.storage.read(row.filePath);
      if (!stored) return;
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      let text: string;
      try {
        text = await pdfText(new Uint8Array(Buffer.concat(chunks)));
      } catch {
        text = '';
      }
      await deps.db
        .update(mediaObjects)
        .set({ contentText: text.trim() === '' ? null : text })
        .where(eq(mediaObjects.id, mediaObjectId));
    },
  };
}
