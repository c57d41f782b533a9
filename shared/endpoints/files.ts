/** Stored files: claim photos, invoice and receipt PDFs. */
import { recordParamsSchema } from '../contracts/dashboard';
import { fileQuerySchema } from '../contracts/files';
import { endpoint } from './endpoint';

export const fileEndpoints = {
  file: endpoint({
    method: 'GET',
    path: '/api/files/:id',
    access: 'signedIn',
    params: recordParamsSchema,
    query: fileQuerySchema,
    summary: 'A stored file, to those who may read its member’s records (anyone else: 404); a photo comes smaller with `w`, from the copies the background job made.',
  }),
};
