import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** `fields`: the form's text parts sent before the file (a caption), by name. */
export type Upload = { bytes: Buffer; filename: string; mimetype: string; fields: Record<string, string> };

const unreadable = () =>
  new AppError(
    'MALFORMED_UPLOAD',
    'The upload could not be read (the request was cut short or badly formed). Please try again.',
    400,
  );

/**
 * Reads the one file of a multipart request into memory, at most `maxBytes`. The multipart parser's failures are the
 * sender's: a missing boundary or a truncated body is a 400, a file over the limit a 413 with `tooLarge`'s words;
 * the parser's own 4xx (wrong content type, too many parts) keep their status.
 */
export async function readSingleUpload(
  req: FastifyRequest,
  opts: { maxBytes: number; tooLarge: string; missing: string },
): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError('VALIDATION_ERROR', 'Send the file as multipart/form-data', 400);
  try {
    const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
    if (!file) throw new AppError('VALIDATION_ERROR', opts.missing, 400);
    const bytes = await file.toBuffer();
    const fields: Record<string, string> = {};
    for (const [name, part] of Object.entries(file.fields)) {
      const one = Array.isArray(part) ? part[0] : part;
      if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
    }
    return { bytes, filename: file.filename, mimetype: file.mimetype, fields };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', opts.tooLarge, 413);
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) throw e;
    throw unreadable();
  }
}
