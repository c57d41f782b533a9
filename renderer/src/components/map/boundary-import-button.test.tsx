// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportedBoundary } from '../../lib/boundary-import/import-boundaries';
import { BoundaryImportButton } from './boundary-import-button';

afterEach(cleanup);

// GDAL's ogr2ogr output in MGA zone 50: two paddocks, a bore, a laneway and an empty record.
const mgaGeoJson = readFileSync(join(import.meta.dirname, '../../lib/boundary-import/fixtures/paddocks-mga50-ogr2ogr.geojson'), 'utf8');

function renderImport() {
  const imported: Array<{ names: string[]; fileName: string }> = [];
  render(<BoundaryImportButton onImported={(boundaries: ImportedBoundary[], fileName) => imported.push({ names: boundaries.map((boundary) => boundary.name), fileName })} />);
  return imported;
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.upload(screen.getByLabelText('Import boundaries'), new File([text], name, { type: 'application/geo+json' }));
  return screen.findByRole('region', { name: `Check the shapes in ${name}` });
}

describe('the preview of an imported file', () => {
  it('lists each area with its outline and hectares, all ticked, and the reasons for what was left out', async () => {
    const user = userEvent.setup();
    renderImport();
    const preview = await chooseFile(user, 'paddocks.geojson', mgaGeoJson);
    // Focus moves to the preview once it has been drawn (an effect after the render).
    await waitFor(() => expect(document.activeElement).toBe(within(preview).getByRole('heading')));
    const dam = within(preview).getByRole('checkbox', { name: /Dam paddock/ });
    const back = within(preview).getByRole('checkbox', { name: /Back 40/ });
    expect((dam as HTMLInputElement).checked).toBe(true);
    expect((back as HTMLInputElement).checked).toBe(true);
    // The label reads the name and the area the paddock will get (79 ha on the grid).
    expect(dam.closest('label')!.textContent).toMatch(/^Dam paddock79(\.\d{1,2})? ha$/);
    expect(dam.closest('label')!.querySelector('svg path')!.getAttribute('d')).toMatch(/^M[\d. L]+ZM[\d. L]+Z$/);
    const reasons = within(within(preview).getByTestId('boundary-preview-skipped'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons).toEqual([
      '1 empty record (with no shape) was skipped.',
      '1 point was skipped: a point (a shed, a bore, a gate) is not an area.',
      '1 line was skipped: a line (a fence, a track, a drain) is not an area.',
    ]);
    expect((within(preview).getByRole('button', { name: 'Add 2 paddocks' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('adding gives the parent only the ticked shapes', async () => {
    const user = userEvent.setup();
    const imported = renderImport();
    const preview = await chooseFile(user, 'paddocks.geojson', mgaGeoJson);
    await user.click(within(preview).getByRole('checkbox', { name: /Dam paddock/ }));
    await user.click(within(preview).getByRole('button', { name: 'Add 1 paddock' }));
    expect(imported).toEqual([{ names: ['Back 40'], fileName: 'paddocks.geojson' }]);
    expect(screen.queryByTestId('boundary-preview')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Import boundaries')));
  });

  it('cancel adds nothing; with nothing ticked there is nothing to add', async () => {
    const user = userEvent.setup();
    const imported = renderImport();
    const preview = await chooseFile(user, 'paddocks.geojson', mgaGeoJson);
    await user.click(within(preview).getByRole('button', { name: 'Untick all' }));
    expect((within(preview).getByRole('button', { name: 'Add 0 paddocks' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(imported).toEqual([]);
    expect(screen.queryByTestId('boundary-preview')).toBeNull();
  });

  it('a name in the file is shown as text, never as markup', async () => {
    const user = userEvent.setup();
    renderImport();
    const file = JSON.stringify({
      type: 'Feature',
      properties: { name: '<img src=x onerror=alert(1)> Top' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [118.27, -31.49],
            [118.28, -31.49],
            [118.28, -31.48],
            [118.27, -31.49],
          ],
        ],
      },
    });
    const preview = await chooseFile(user, 'named.geojson', file);
    expect(within(preview).getByText('<img src=x onerror=alert(1)> Top').tagName).toBe('SPAN');
    expect(preview.querySelector('img')).toBeNull();
  });

  it('a file that cannot be placed shows the reason and no preview', async () => {
    const user = userEvent.setup();
    renderImport();
    const metres = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [620000, 6515000],
          [621000, 6515000],
          [621000, 6516000],
          [620000, 6515000],
        ],
      ],
    });
    await user.upload(screen.getByLabelText('Import boundaries'), new File([metres], 'mga.geojson'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/metres on a map grid, but the file does not say which grid/);
    expect(screen.queryByTestId('boundary-preview')).toBeNull();
  });
});
