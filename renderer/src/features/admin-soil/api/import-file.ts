import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoilImportMapping } from '@shared/contracts/soil';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { callEndpoint } from '../../../lib/api-client';

export interface ImportRequest {
  memberId: string;
  file: File;
  lab: string;
  /** Left out on the first look, so the server suggests one from the headings. */
  mapping?: SoilImportMapping;
}

function importForm({ memberId, file, lab, mapping }: ImportRequest): FormData {
  const form = new FormData();
  form.set('memberId', memberId);
  if (lab.trim()) form.set('lab', lab.trim());
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  form.set('file', file);
  return form;
}

const tooLargeMessage = 'A lab CSV may be at most 1 MB; split the file and import each part.';

/** POST /api/admin/soil-samples/import/preview: the file's headings, first rows, the mapping and what each row would become. Writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (request: ImportRequest) => callEndpoint(endpoints.previewImport, { form: importForm(request), tooLargeMessage }),
  });
}

/** POST /api/admin/soil-samples/import: every row or none; the list and the member's map refresh. */
export function useCommitImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => callEndpoint(endpoints.commitImport, { form: importForm(request), tooLargeMessage }),
    onSuccess: async (_answer, request) => {
      await Promise.all([client.invalidateQueries({ queryKey: ['admin', 'soil', 'samples'] }), client.invalidateQueries({ queryKey: ['admin', 'soil', 'farm', request.memberId] })]);
    },
  });
}
