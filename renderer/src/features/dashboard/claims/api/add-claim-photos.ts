import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PHOTOS_PER_UPLOAD } from '@shared/domain/claims/uploads';
import { claimEndpoints } from '@shared/endpoints/claims';
import { callEndpoint, type UploadProgressListener } from '../../../../lib/api-client';
import { replaceClaimInList } from './get-claims';
import type { RecordScope } from '../../../../api/scope';

/** POST /api/claims/:id/photos: more photos on an open claim; the claim in the list is replaced by the server's copy. */
export function useAddClaimPhotos(scope: RecordScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, photos, onUploadProgress }: { claimId: string; photos: readonly File[]; onUploadProgress?: UploadProgressListener }) => {
      const form = new FormData();
      for (const photo of photos.slice(0, MAX_PHOTOS_PER_UPLOAD)) form.append('photos', photo, photo.name);
      return callEndpoint(claimEndpoints.addPhotos, { params: { id: claimId }, form, tooLargeMessage: 'That upload is too large.', onUploadProgress });
    },
    onSuccess: ({ claim }) => replaceClaimInList(queryClient, scope, claim),
  });
}
