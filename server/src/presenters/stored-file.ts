/** Where a stored file is served (GET /api/files/:id, modules/files), for the presenters that link to one. */
export function fileUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}
