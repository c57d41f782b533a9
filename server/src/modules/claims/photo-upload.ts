/** Photos arrive as multipart 'photos' fields; their limits become clear 4xx answers. */
import type { Request, RequestHandler } from 'express';
import { CLAIM_MESSAGES } from '@shared/contracts/claims';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '@shared/domain/claims/uploads';
import { AppError, badRequest } from '../../lib/app-error';
import { multipartBody } from '../../middleware/multipart';
import type { UploadedPhoto } from './claims.service';

export function photoUpload(): RequestHandler {
  return multipartBody({
    files: { field: 'photos', most: MAX_PHOTOS_PER_UPLOAD, bytes: MAX_PHOTO_BYTES },
    limits: { fields: 40, fieldSize: 64 * 1024, parts: 60 },
    tooLarge: () => new AppError(413, 'photo_too_large', CLAIM_MESSAGES.photoSize),
    wrongFiles: () => badRequest(`Send at most ${MAX_PHOTOS_PER_UPLOAD} photos at a time, in the field named photos.`, 'too_many_photos'),
  });
}

export const uploadedPhotos = (req: Request): UploadedPhoto[] => (Array.isArray(req.files) ? (req.files as UploadedPhoto[]) : []);
