/**
 * A `fetch` for openapi-fetch's per-request `fetch` option that sends through
 * XMLHttpRequest, the only browser API reporting upload progress. The client's middleware
 * (token, 401) has already run on the Request it receives.
 */
export function progressFetch(onProgress: (ratio: number, loaded: number, total: number) => void) {
  return async (request: Request): Promise<Response> => {
    const body = request.method === 'GET' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, key) => xhr.setRequestHeader(key, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress(event.loaded / event.total, event.loaded, event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(
          new Response(empty ? null : (xhr.response as Blob), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers,
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
      request.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
  };
}
