// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SoilImportMapping, SoilImportPreview } from '@shared/contracts/soil';
import { suggestMapping } from '@shared/domain/soil/csv-mapping';
import { renderWithProviders } from '../../testing/render';
import { pathOf, server } from '../../testing/server';
import { ImportSection } from './import-section';

const headers = ['Paddock', 'Date Sampled', 'Depth (cm)', 'pH Level (CaCl2)', 'Phosphorus Colwell mg/Kg', 'PBI'];
const rows = [
  ['North Paddock', '14/03/2024', '0-10', '4.9', '28', '38'],
  ['Creek Flat', '14/03/2024', '0-10', '12.5', '41', '61'],
];

let sent: Array<{ path: string; mapping: SoilImportMapping | null; lab: string | null }>;
let rowErrors: SoilImportPreview['rowErrors'];

/** What the server answers for the mapping sent: the rows it would import and the row errors it found. */
const previewFor = (mapping: SoilImportMapping): SoilImportPreview => ({
  fileName: 'report.csv',
  headers,
  sampleRows: rows,
  rowCount: rows.length,
  suggestedMapping: suggestMapping(headers),
  mapping,
  mappingProblems: typeof mapping.paddock === 'number' ? [] : ['Choose the column that holds the paddock name.'],
  rowErrors,
  readyRows: rows.length - rowErrors.length,
});

beforeEach(() => {
  sent = [];
  rowErrors = [{ row: 3, message: 'Row 3: pH (CaCl2) must be between 3 and 10' }];
  /** Records what the form sent, and returns the mapping in it. */
  const record = async (request: Request) => {
    const form = await request.formData();
    const mappingField = form.get('mapping');
    const mapping = typeof mappingField === 'string' ? (JSON.parse(mappingField) as SoilImportMapping) : null;
    sent.push({ path: pathOf(request), mapping, lab: form.get('lab') as string | null });
    return mapping;
  };
  server.use(
    http.post('/api/admin/soil-samples/import/preview', async ({ request }) => HttpResponse.json(previewFor((await record(request)) ?? suggestMapping(headers)))),
    http.post('/api/admin/soil-samples/import', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ imported: 2, importBatchId: 'batch-1' }, { status: 201 });
    }),
  );
});

afterEach(cleanup);

it('shows the columns matched, lists the row errors with the import held back, and sends the mapping staff chose', async () => {
  renderWithProviders(<ImportSection memberId="member-1" memberName="Jo Grower" />);
  await userEvent.upload(screen.getByLabelText('Lab CSV file'), new File([[headers, ...rows].map((row) => row.join(',')).join('\n')], 'report.csv', { type: 'text/csv' }));
  await userEvent.type(screen.getByLabelText('Lab (when the file has no lab column)'), 'CSBP');
  await userEvent.click(screen.getByRole('button', { name: 'Read the file' }));

  const mapping = await screen.findByRole('table', { name: 'Column mapping' });
  const phColumn = within(mapping).getByLabelText<HTMLSelectElement>('Column for pH (CaCl2)');
  expect(phColumn.selectedOptions[0]?.textContent).toBe('pH Level (CaCl2)');
  expect(within(mapping).getByRole('row', { name: /pH \(CaCl2\)/ }).textContent).toContain('4.9');
  expect(within(screen.getByRole('list', { name: 'Rows with problems' })).getByRole('listitem').textContent).toBe('Row 3: pH (CaCl2) must be between 3 and 10');
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Import 1 sample' }).disabled).toBe(true);
  expect(sent).toEqual([{ path: '/api/admin/soil-samples/import/preview', mapping: null, lab: 'CSBP' }]);

  // Staff say the pH is not in the file after all: the file is checked again with their mapping, and now every row is ready.
  rowErrors = [];
  await userEvent.selectOptions(phColumn, 'Not in the file');
  expect(await screen.findByText('2 of 2 rows are ready to import.')).toBeTruthy();
  expect(sent[1]?.mapping?.pHCaCl2).toBeNull();
  expect(sent[1]?.mapping?.colwellPMgKg).toBe(4);

  await userEvent.click(screen.getByRole('button', { name: 'Import 2 samples' }));
  expect((await screen.findByText('Imported 2 samples for Jo Grower.')).getAttribute('role')).toBe('status');
  expect(sent[2]).toEqual({ path: '/api/admin/soil-samples/import', mapping: sent[1]?.mapping, lab: 'CSBP' });
});

it('lists the rows the server refused when the import is sent, and keeps the mapping screen open', async () => {
  rowErrors = [];
  server.use(
    http.post('/api/admin/soil-samples/import/preview', () => HttpResponse.json(previewFor(suggestMapping(headers)))),
    http.post('/api/admin/soil-samples/import', () =>
      HttpResponse.json(
        {
          error: 'validation_error',
          message: '1 of 2 rows have problems, so nothing was imported. Put them right in the file (or the mapping) and import it again.',
          issues: [{ path: 'row 3', message: 'Row 3: “Creek Flat” is not one of the member’s paddocks (their paddocks are North Paddock)' }],
        },
        { status: 400 },
      ),
    ),
  );
  renderWithProviders(<ImportSection memberId="member-1" memberName="Jo Grower" />);
  await userEvent.upload(screen.getByLabelText('Lab CSV file'), new File(['a,b\n1,2\n'], 'report.csv', { type: 'text/csv' }));
  await userEvent.type(screen.getByLabelText('Lab (when the file has no lab column)'), 'CSBP');
  await userEvent.click(screen.getByRole('button', { name: 'Read the file' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Import 2 samples' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('1 of 2 rows have problems, so nothing was imported.');
  expect(within(alert).getByRole('listitem').textContent).toBe('Row 3: “Creek Flat” is not one of the member’s paddocks (their paddocks are North Paddock)');
  expect(screen.getByRole('table', { name: 'Column mapping' })).toBeTruthy();
});
