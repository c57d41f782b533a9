import { measureLabel, SOIL_MEASURES, type SoilSampleView } from '@shared/contracts/soil';
import { TEXTURE_LABELS } from '@shared/domain/soil/measures';
import type { CsvColumns } from '../../lib/csv-download';

/** The samples as a spreadsheet: results as plain numbers, the sample date as YYYY-MM-DD. */
export const SOIL_SAMPLES_CSV: CsvColumns<SoilSampleView> = {
  header: ['Member', 'Paddock', 'Lab', 'Sample date', 'Depth from (cm)', 'Depth to (cm)', ...SOIL_MEASURES.map(measureLabel), 'Texture', 'Entered by', 'Import batch'],
  row: (sample) => [
    sample.memberName,
    sample.paddockName,
    sample.lab,
    sample.sampleDate,
    sample.depthFromCm,
    sample.depthToCm,
    ...SOIL_MEASURES.map((measure) => sample[measure]),
    sample.texture ? TEXTURE_LABELS[sample.texture] : null,
    sample.enteredBy === 'member' ? 'Member' : 'Staff',
    sample.importBatchId,
  ],
};
