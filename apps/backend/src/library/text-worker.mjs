// @ts-check
/**
 * The text of one PDF, read in a child process of its own, which `text.ts` starts for each
 * document and kills past its memory or time cap: whatever pdf.js does with a hostile file
 * (a content stream inflating to hundreds of MB), the API process neither waits for it nor
 * holds its memory.
 *
 * Plain JavaScript importing nothing of the backend, so that Node runs it as it is, from the
 * source as from a bundle (copied, or bundled as an entry of its own, as `text-worker.mjs` beside
 * the code of `text.ts`). Not TypeScript: run through tsx, pdf.js's 3 MB of modules would be
 * transformed on every start (4 s and 330 MB instead of 0.5 s and 90 MB).
 *
 * Protocol: one IPC message in (`TextRequest`), one out (`TextAnswer`), then the process exits.
 */

/** @typedef {import('./text.js').TextRequest} TextRequest */
/** @typedef {import('./text.js').TextAnswer} TextAnswer */

/**
 * @param {TextRequest} request
 * @returns {Promise<TextAnswer>}
 */
async function pdfText({ data, maxChars }) {
  // pdf.js runs its "worker" in this thread when it finds it here, rather than importing it by a
  // path relative to its own file (which a bundle would not keep).
  // @ts-expect-error -- pdf.js publishes no types for its worker module
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  Object.assign(globalThis, { pdfjsWorker: worker });
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  /** @type {string[]} */
  const pages = [];
  let length = 0;
  let truncated = false;
  for (let n = 1; n <= document.numPages && !truncated; n++) {
    const page = await document.getPage(n);
    // Streamed, so that reading stops at the cap instead of building the whole page's items.
    const reader = page.streamTextContent().getReader();
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

process.once('message', (/** @type {TextRequest} */ request) => {
  pdfText(request)
    .catch((error) => ({ error: error instanceof Error ? error.message : String(error) }))
    .then((answer) => process.send?.(answer, () => process.exit(0)));
});
