/**
 * The text of one PDF, read in a child process of its own, which `text.ts` starts for each
 * document and kills past its memory or time cap: whatever pdf.js does with a hostile file
 * (a content stream inflating to hundreds of MB), the API process neither waits for it nor
 * holds its memory. This module imports nothing of the backend, so that it runs alone: from its
 * source through tsx, or as its own entry of a bundle (`text-worker.js` beside `main.js`).
 *
 * Protocol: one IPC message in (`TextRequest`), one out (`TextAnswer`), then the process exits.
 */

export interface TextRequest {
  data: Uint8Array;
  /** Characters kept at most: reading stops there (the rest of the document is not parsed). */
  maxChars: number;
}

export type TextAnswer = { text: string; truncated: boolean } | { error: string };

interface TextChunk {
  items: ({ str: string; hasEOL: boolean } | { type: string })[];
}

async function pdfText({ data, maxChars }: TextRequest): Promise<TextAnswer> {
  // pdf.js runs its "worker" in this thread when it finds it here, rather than importing it by
  // a path relative to its own file (which a bundle would not keep).
  // @ts-expect-error -- pdf.js publishes no types for its worker module
  const worker: unknown = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  let length = 0;
  let truncated = false;
  for (let n = 1; n <= document.numPages && !truncated; n++) {
    const page = await document.getPage(n);
    // Streamed, so that reading stops at the cap instead of building the whole page's items.
    const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<TextChunk>;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const item of value.items)
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
      if (length + text.length > maxChars) {
        truncated = true;
        await reader.cancel(new Error('LIBRARY_TEXT_MAX_CHARS'));
        break;
      }
    }
    pages.push(text);
    length += text.length + 1;
  }
  // The document is not destroyed: the process ends, and its memory with it.
  return { text: pages.join('\n').replace(/\0/g, '').slice(0, maxChars), truncated };
}

process.once('message', (request: TextRequest) => {
  pdfText(request)
    .catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))
    .then((answer) => process.send!(answer, () => process.exit(0)));
});
