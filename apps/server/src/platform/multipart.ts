import type { FastifyRequest } from 'fastify';
import { AppError, fail } from './errors';
import { hasControlChars } from './http-hardening';

/** "5 MB", "4 KB" or "1000 bytes": limits as users read them. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}

export interface SingleFileUpload {
  /** The first file of the upload, or undefined when none (or an empty one) was sent. */
  file?: { data: Buffer; fileName: string };
  /** The text fields, by name (in any order relative to the file). */
  fields: Record<string, unknown>;
}

/**
 * Reads a multipart/form-data upload of one file plus text fields. Too large → 413
 * "File is too large (at most …)"; more than one file → 400 "Send one {what} file only".
 */
export async function readSingleFileUpload(
  request: FastifyRequest,
  opts: { maxBytes: number; what: string },
): Promise<SingleFileUpload> {
  const result: SingleFileUpload = { fields: Object.create(null) as Record<string, unknown> };
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!result.file && data.length > 0) result.file = { data, fileName: part.filename ?? '' };
      } else {
        // SEC-INPUT-1: form fields follow the rule of every other text of the API.
        const text = String(part.value);
        if (hasControlChars(text) || hasControlChars(part.fieldname)) {
          throw fail('BAD_REQUEST', [
            `body.${part.fieldname}: must not contain control characters`,
          ]);
        }
        result.fields[part.fieldname] = text;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fail('PAYLOAD_TOO_LARGE', `File is too large (at most ${formatBytes(opts.maxBytes)})`);
    }
    if (code === 'FST_FILES_LIMIT') throw fail('BAD_REQUEST', `Send one ${opts.what} file only`);
    throw err;
  }
  return result;
}
