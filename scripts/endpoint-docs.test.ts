import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_DOCS_PATH, endpointDocs } from './endpoint-docs';

describe('docs/endpoints.md', () => {
  it('is the endpoint table as it stands (run npm run docs:endpoints after changing shared/endpoints)', () => {
    expect(readFileSync(ENDPOINT_DOCS_PATH, 'utf8')).toBe(endpointDocs());
  });

  it('says who gets through each guard', () => {
    const docs = endpointDocs();
    expect(docs).toContain('| `GET /api/admin/support-requests/{id}` | 401 | 403 | 403 | 403 | yes | A request with its conversation and internal notes. |');
    expect(docs).toContain('| `GET /api/broker/clients` | 401 | 403 | yes | 403 | 403 |');
    expect(docs).toContain('| `POST /api/support-requests` | 401 | yes | yes | yes | yes |');
  });
});
