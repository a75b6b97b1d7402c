import { describe, expect, it, vi } from 'vitest';
import { configureApi } from '../client';
import { ApiError } from '../hydra';
import { attachmentFileName, getDownload, readDownload } from './download';

describe('downloads', () => {
  it('takes the UTF-8 name first, then the plain one, never a path', () => {
    expect(
      attachmentFileName(
        `attachment; filename="clients_Helene.xlsx"; filename*=UTF-8''clients_H%C3%A9l%C3%A8ne.xlsx`,
      ),
    ).toBe('clients_Hélène.xlsx');
    expect(attachmentFileName('attachment; filename="clients.xlsx"')).toBe('clients.xlsx');
    expect(attachmentFileName(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe(
      'passwd',
    );
    expect(attachmentFileName(`attachment; filename*=UTF-8''%E0%A4%A`)).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });

  it('reads the bytes with their progress', async () => {
    const seen: number[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(3));
        controller.enqueue(new Uint8Array(4));
        controller.close();
      },
    });
    const file = await readDownload(
      new Response(body, {
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="x.xlsx"',
        },
      }),
      (bytes) => seen.push(bytes),
    );
    expect(seen).toEqual([3, 7]);
    expect(file.blob.size).toBe(7);
    expect(file.fileName).toBe('x.xlsx');
  });

  it('throws the French message of a refused export', async () => {
    const failure = readDownload(
      Response.json({ 'hydra:description': 'years : valeur invalide.' }, { status: 400 }),
    );
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('years : valeur invalide.');
  });
});

describe('getDownload', () => {
  it('streams a GET of the main API and reads its file, with the query and the progress', async () => {
    const seen: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(request);
        return new Response(new Uint8Array(5), {
          headers: {
            'Content-Type': 'application/vnd.ms-excel',
            'Content-Disposition': 'attachment; filename="clients.xlsx"',
          },
        });
      }),
    );
    configureApi({
      mainApiUrl: 'http://api.test',
      trainingApiUrl: 'http://training.test',
      getToken: () => 'abc',
      onUnauthorized: () => {},
    });
    const progress: number[] = [];
    const file = await getDownload(
      '/clients/export',
      { params: { query: { lastName: 'Durand' } } },
      { onProgress: (bytes) => progress.push(bytes) },
    );
    expect(seen[0]?.url).toBe('http://api.test/clients/export?lastName=Durand');
    expect(file.fileName).toBe('clients.xlsx');
    expect(file.blob.size).toBe(5);
    expect(progress.at(-1)).toBe(5);
    vi.unstubAllGlobals();
  });
});
