/**
 * A multipart body read into memory by multer: files in one field (or none, for a form of fields
 * only), with its limits refused as 4xx answers in the route's own words. multer is loaded with the
 * first multipart request rather than with the server, which starts without it.
 */
import type { RequestHandler } from 'express';
import type multer from 'multer';
import { type AppError, badRequest } from '../lib/app-error';

type Multer = typeof multer;

let loadingMulter: Promise<Multer> | undefined;
const loadMulter = () => (loadingMulter ??= import('multer').then((module) => module.default));

export interface MultipartBody {
  /** The files' field, how many it may hold and the bytes each may have: one file is read as `req.file`, more as `req.files`. None for a form of fields only. */
  files?: { field: string; most: number; bytes: number };
  /** The fields besides the files: how many, the bytes of each, and the parts in all. */
  limits: { fields: number; fieldSize: number; parts: number };
  /** The answer to a file over its bytes (a 413). */
  tooLarge?: () => AppError;
  /** The answer to more files than allowed, or a file in another field. */
  wrongFiles: () => AppError;
  /** The answer to a body that cannot be read otherwise; by default "The upload could not be read". */
  unreadable?: () => AppError;
}

function refusal(error: unknown, MulterError: Multer['MulterError'], body: MultipartBody): AppError {
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE' && body.tooLarge) return body.tooLarge();
    if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return body.wrongFiles();
    return body.unreadable?.() ?? badRequest(`The upload could not be read (${error.message}).`, 'bad_upload');
  }
  return body.unreadable?.() ?? badRequest('The upload could not be read. Try again.', 'bad_upload');
}

/** The middleware that reads the body as `body` describes, refusing what it cannot read. */
export function multipartBody(body: MultipartBody): RequestHandler {
  const { files } = body;
  let reading: Promise<{ read: RequestHandler; MulterError: Multer['MulterError'] }> | undefined;
  const reader = () =>
    (reading ??= loadMulter().then((load) => {
      const upload = load({ storage: load.memoryStorage(), limits: { ...body.limits, files: files?.most ?? 0, ...(files ? { fileSize: files.bytes } : {}) } });
      const read = !files ? upload.none() : files.most === 1 ? upload.single(files.field) : upload.array(files.field, files.most);
      return { read, MulterError: load.MulterError };
    }));
  return (req, res, next) => {
    reader().then(({ read, MulterError }) => read(req, res, (error: unknown) => (error ? next(refusal(error, MulterError, body)) : next())), next);
  };
}
