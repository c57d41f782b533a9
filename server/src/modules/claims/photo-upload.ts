/** Photos arrive as multipart 'photos' fields; multer's limits become clear 4xx answers. */
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { CLAIM_MESSAGES } from '@shared/contracts/claims';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '@shared/domain/claims/uploads';
import { AppError, badRequest } from '../../lib/app-error';
import type { UploadedPhoto } from './claims.service';

export function photoUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS_PER_UPLOAD, fields: 40, fieldSize: 64 * 1024, parts: 60 },
  }).array('photos', MAX_PHOTOS_PER_UPLOAD);
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'photo_too_large', CLAIM_MESSAGES.photoSize));
        if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE')
          return next(badRequest(`Send at most ${MAX_PHOTOS_PER_UPLOAD} photos at a time, in the field named photos.`, 'too_many_photos'));
        return next(badRequest(`The upload could not be read (${error.message}).`, 'bad_upload'));
      }
      next(badRequest('The upload could not be read. Try again.', 'bad_upload'));
    });
  };
}

export const uploadedPhotos = (req: Request): UploadedPhoto[] => (Array.isArray(req.files) ? (req.files as UploadedPhoto[]) : []);
