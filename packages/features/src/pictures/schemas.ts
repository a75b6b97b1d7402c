import * as z from 'zod/mini';
import { messages } from './messages';

/**
 * Picture form (spec §5): title required; saving needs a file chosen or an existing image.
 * `existingUrl` is the image already saved when editing.
 */
export const pictureSchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(1, messages.required)),
    file: z.nullable(z.custom<File>()),
    existingUrl: z.nullable(z.string()),
  })
  .check(
    z.refine((value) => value.file !== null || Boolean(value.existingUrl), {
      message: messages.imageRequired,
      path: ['file'],
    }),
  );

export type PictureValues = z.infer<typeof pictureSchema>;
