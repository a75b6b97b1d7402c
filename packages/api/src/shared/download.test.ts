import { describe, expect, it } from 'vitest';
import { ApiError } from '../hydra';
import { attachmentFileName, readDownload } from './download';

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
