import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bandOf, legendOf, NO_RESULT_COLOUR } from './colour-scale';
import { type ColumnMapping, labTable, mappingProblems, suggestMapping } from './csv-mapping';
import { parseSampleDate } from './dates';
import { depthsOf, latestResults, type MeasuredSample, paddockHistory } from './history';
import { readImportRows } from './import-rows';
import { paddockKey, textureOf } from './measures';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));

describe('the column mapping a lab file suggests', () => {
  it('recognises every column of a CSBP soil report, and leaves its other columns alone', () => {
    const [headings] = fixture('csbp-soil-report.csv');
    const mapping = suggestMapping(headings!);
    const named = Object.fromEntries(Object.entries(mapping).map(([field, column]) => [field, headings![column!]]));
    expect(named).toEqual({
      paddock: 'Paddock',
      sampleDate: 'Date Sampled',
      depth: 'Depth (cm)',
      texture: 'Texture',
      colwellPMgKg: 'Phosphorus Colwell mg/Kg',
      kMgKg: 'Potassium Colwell mg/Kg',
      sMgKg: 'Sulfur mg/Kg',
      organicCarbonPct: 'Organic Carbon %',
      ecDsM: 'Conductivity dS/m',
      pHCaCl2: 'pH Level (CaCl2)',
      pHWater: 'pH Level (H2O)',
    });
    // The file has no lab column ('Lab No.' is the lab's reference): staff type the lab for the file.
    expect(mappingProblems(mapping, headings!.length, undefined)).toEqual(['Choose the column that holds the lab, or type the lab’s name for the whole file.']);
    expect(mappingProblems(mapping, headings!.length, 'CSBP')).toEqual([]);
  });

  it('recognises the short headings other labs use, with depth in two columns', () => {
    const headings = ['Sample Date', 'Paddock Name', 'Laboratory', 'Depth From', 'Depth To', 'pH (CaCl2)', 'pH (water)', 'OC %', 'EC 1:5 dS/m', 'Colwell P (mg/kg)', 'K (mg/kg)', 'S (mg/kg)', 'PBI'];
    expect(suggestMapping(headings)).toEqual({
      sampleDate: 0,
      paddock: 1,
      lab: 2,
      depthFromCm: 3,
      depthToCm: 4,
      pHCaCl2: 5,
      pHWater: 6,
      organicCarbonPct: 7,
      ecDsM: 8,
      colwellPMgKg: 9,
      kMgKg: 10,
      sMgKg: 11,
    });
  });

  it('says what a mapping lacks before the rows can be read', () => {
    expect(mappingProblems({}, 3, 'CSBP')).toEqual([
      'Choose the column that holds the paddock name.',
      'Choose the column that holds the sample date.',
      'Choose the column that holds the depth (0-10), or the two columns from and to.',
      'Choose at least one column of results (pH, organic carbon, EC, P, K or S).',
    ]);
    expect(mappingProblems({ paddock: 0, sampleDate: 1, depthFromCm: 2, pHCaCl2: 2 }, 3, 'CSBP')).toEqual([
      'Choose both depth columns (from and to), or one column that holds the depth as 0-10.',
      'One column is mapped to both Depth from (cm) and pH (CaCl2).',
    ]);
    expect(mappingProblems({ paddock: 0, sampleDate: 1, depth: 2, pHCaCl2: 7 }, 3, 'CSBP')).toEqual(['pH (CaCl2) is mapped to a column the file does not have.']);
  });
});

describe('the results table of a lab file', () => {
  it('reads a units row under the headings into them, and leaves out notes after the last result', () => {
    const table = labTable(
      ['Paddock', 'Date Sampled', 'Depth', 'Phosphorus Colwell', 'Organic Carbon', 'Conductivity', 'pH Level (CaCl2)'],
      [
        ['', '', 'cm', 'mg/Kg', '%', 'dS/m', '-'],
        ['North Paddock', '11/03/2025', '0-10', '24', '0.91', '0.068', '5.2'],
        ['Creek Flat', '11/03/2025', '0-10', '<2', '1.36', '0.124', '5.8'],
        ['Results relate to the samples as received.', '', '', '', '', '', ''],
      ],
    );
    expect(table.headers).toEqual(['Paddock', 'Date Sampled', 'Depth (cm)', 'Phosphorus Colwell (mg/Kg)', 'Organic Carbon (%)', 'Conductivity (dS/m)', 'pH Level (CaCl2)']);
    expect(table.rows.map((row) => row[0])).toEqual(['North Paddock', 'Creek Flat']);
    // A row's sentence names the row staff see in the spreadsheet: the first sample is row 3, below the units.
    expect(table.firstRow).toBe(3);
    const mapping = suggestMapping(table.headers);
    const { errors } = readImportRows(table.rows, mapping, { paddocks: ['North Paddock'], defaultLab: 'CSBP', firstRow: table.firstRow });
    expect(errors.map((error) => error.row)).toEqual([4]);
  });

  it('keeps the row of a paddock without results, for the import to say so, even last or with none anywhere', () => {
    const rows = [
      ['North Paddock', '5.2'],
      ['Creek Flat', 'n/a'],
    ];
    expect(labTable(['Paddock', 'pH (CaCl2)'], rows).rows).toEqual(rows);
    const blank = [
      ['North Paddock', ''],
      ['Creek Flat', 'n/a'],
    ];
    expect(labTable(['Paddock', 'pH (CaCl2)'], blank).rows).toEqual(blank);
  });
});

describe('reading the rows of a lab file', () => {
  const paddocks = ['North Paddock', 'Creek Flat'];

  it('reads every row of a good report, dates day first, below-detection results as the limit', () => {
    const [headings, ...rows] = fixture('csbp-soil-report.csv');
    const { samples, errors } = readImportRows(rows, suggestMapping(headings!), { paddocks, defaultLab: 'CSBP' });
    expect(errors).toEqual([]);
    expect(samples).toHaveLength(6);
    expect(samples[0]).toEqual({
      row: 2,
      paddockName: 'North Paddock',
      lab: 'CSBP',
      sampleDate: '2024-03-14',
      depthFromCm: 0,
      depthToCm: 10,
      pHCaCl2: 4.9,
      pHWater: 5.7,
      organicCarbonPct: 0.88,
      ecDsM: 0.072,
      colwellPMgKg: 28,
      kMgKg: 78,
      sMgKg: 6.4,
      texture: 'loamy sand',
    });
    expect(samples[3]).toMatchObject({ paddockName: 'Creek Flat', depthFromCm: 10, depthToCm: 30, colwellPMgKg: 2, texture: 'clay loam' });
  });

  it('takes a file whose one date can only be month first as written month first throughout, and says so of each', () => {
    const mapping: ColumnMapping = { paddock: 0, sampleDate: 1, depth: 2, pHCaCl2: 3 };
    const rows = [
      ['North Paddock', '5/6/2021', '0-10', '5.2'],
      ['Creek Flat', '5/14/2021', '0-10', '5.8'],
      ['Creek Flat', '2021-05-20', '0-10', '5.9'],
      ['North Paddock', '5/15/2021', '0-10', '5.3'],
    ];
    const { samples, errors } = readImportRows(rows, mapping, { paddocks, defaultLab: 'Ward Laboratories' });
    expect(errors).toEqual([
      { row: 2, message: 'Row 2: The sample date “5/6/2021” is written month first like the file’s other dates (row 3 has “5/14/2021”); write it day first (06/05/2021) or as 2021-05-06' },
      { row: 3, message: 'Row 3: The sample date “5/14/2021” is written month first; write it day first (14/05/2021) or as 2021-05-14' },
      { row: 5, message: 'Row 5: The sample date “5/15/2021” is written month first; write it day first (15/05/2021) or as 2021-05-15' },
    ]);
    expect(samples.map((sample) => sample.sampleDate)).toEqual(['2021-05-20']);
    // In a file of day-first dates, 5/6/2021 is 5 June.
    expect(readImportRows([rows[0]!], mapping, { paddocks, defaultLab: 'CSBP' }).samples[0]!.sampleDate).toBe('2021-06-05');
  });

  it('says what is wrong with each bad row, numbered as the spreadsheet shows it', () => {
    const [headings, ...rows] = fixture('csbp-soil-report-with-errors.csv');
    const { samples, errors } = readImportRows(rows, suggestMapping(headings!), { paddocks, defaultLab: 'CSBP' });
    expect(samples.map((sample) => sample.row)).toEqual([2]);
    expect(errors).toEqual([
      { row: 3, message: 'Row 3: The sample date “31/02/2025” is not a day (write it as 14/03/2025 or 2025-03-14)' },
      { row: 4, message: 'Row 4: “Back Paddock” is not one of the member’s paddocks (their paddocks are North Paddock, Creek Flat)' },
      { row: 5, message: 'Row 5: pH (CaCl2) must be between 3 and 10' },
    ]);
  });

  it('matches paddocks whatever their case and spacing, skips blank lines, and refuses a depth that ends where it starts', () => {
    const mapping: ColumnMapping = { paddock: 0, sampleDate: 1, depth: 2, pHCaCl2: 3, texture: 4 };
    const { samples, errors } = readImportRows(
      [
        ['  north   paddock ', '2025-03-11', '0-10', '5.1', 'SL'],
        ['', '', '', '', ''],
        ['Creek Flat', '11-Mar-25', '10 – 10 cm', '5.5', ''],
        ['Creek Flat', '11/3/2025', '0-10', '', 'silt'],
      ],
      mapping,
      { paddocks, defaultLab: 'Nutrient Advantage' },
    );
    expect(samples).toEqual([expect.objectContaining({ row: 2, paddockName: 'North Paddock', lab: 'Nutrient Advantage', texture: 'sandy loam' })]);
    expect(errors.map((error) => error.message)).toEqual([
      'Row 4: The depth must end below where it starts (0 to 10 cm, say)',
      'Row 5: The texture “silt” is not one of sand, loamy sand, sandy loam, loam, sandy clay loam, clay loam or clay',
    ]);
  });

  it('says a cell that is not a number is not a number, and a row with no results has none', () => {
    const { errors } = readImportRows(
      [
        ['Creek Flat', '2025-03-11', '0-10', 'five'],
        ['Creek Flat', '2025-03-11', '0-10', ''],
      ],
      { paddock: 0, sampleDate: 1, depth: 2, colwellPMgKg: 3 },
      { paddocks, defaultLab: 'CSBP' },
    );
    expect(errors.map((error) => error.message)).toEqual(['Row 2: Colwell P (mg/kg) “five” is not a number', 'Row 3: Give at least one result (pH, organic carbon, EC, P, K or S)']);
  });
});

describe('dates, paddock names and textures', () => {
  it('reads the ways labs write a day, and no day that does not exist', () => {
    expect(parseSampleDate('14/03/2024')).toBe('2024-03-14');
    expect(parseSampleDate('4.3.24')).toBe('2024-03-04');
    expect(parseSampleDate('14-Mar-2024')).toBe('2024-03-14');
    expect(parseSampleDate('2024-03-14T00:00:00')).toBe('2024-03-14');
    expect(parseSampleDate('29/02/2023')).toBeUndefined();
    expect(parseSampleDate('March 2024')).toBeUndefined();
  });

  it('folds paddock names and reads textures as labs write them', () => {
    expect(paddockKey('  North\tPaddock ')).toBe(paddockKey('north paddock'));
    expect(paddockKey('North Paddock')).not.toBe(paddockKey('North Paddock 2'));
    expect(textureOf('Sandy Loam')).toBe('sandy loam');
    expect(textureOf('sandy-clay-loam')).toBe('sandy clay loam');
    expect(textureOf('CL')).toBe('clay loam');
    expect(textureOf('gravel')).toBeUndefined();
  });
});

describe('the map’s colours', () => {
  it('puts each pH in its band, the cut-off in the band above', () => {
    expect(bandOf('pHCaCl2', 4.2).name).toBe('Very acid');
    expect(bandOf('pHCaCl2', 4.5).name).toBe('Acid');
    expect(bandOf('pHCaCl2', 6.1).name).toBe('Suits most crops');
    expect(bandOf('pHCaCl2', 8.4).name).toBe('Strongly alkaline');
    expect(bandOf('colwellPMgKg', 24.9).name).toBe('Marginal');
  });

  it('writes a legend with each band’s range and a colour for no result', () => {
    expect(legendOf('colwellPMgKg')).toEqual({
      title: 'Colwell P (mg/kg)',
      entries: [
        { colour: expect.any(String), label: 'Low: below 15' },
        { colour: expect.any(String), label: 'Marginal: 15 to 25' },
        { colour: expect.any(String), label: 'Adequate: 25 to 45' },
        { colour: expect.any(String), label: 'High: 45 and above' },
        { colour: NO_RESULT_COLOUR, label: 'No result' },
      ],
    });
    const colours = legendOf('pHCaCl2').entries.map((entry) => entry.colour);
    expect(new Set(colours).size).toBe(colours.length);
  });
});

describe('what the map and the history show of the samples', () => {
  const measured = (id: string, paddockKey: string, sampleDate: string, depthFromCm: number, depthToCm: number, pHCaCl2: number | null): MeasuredSample => ({
    id,
    paddockKey,
    sampleDate,
    depthFromCm,
    depthToCm,
    pHCaCl2,
    pHWater: null,
    organicCarbonPct: null,
    ecDsM: null,
    colwellPMgKg: null,
    kMgKg: null,
    sMgKg: null,
  });
  const samples = [
    measured('a', 'north', '2024-03-14', 0, 10, 4.9),
    measured('b', 'north', '2025-03-11', 10, 30, 4.4),
    measured('c', 'north', '2025-03-11', 0, 10, 5.2),
    measured('d', 'north', '2025-09-01', 0, 10, null),
    measured('e', 'creek', '2025-03-11', 10, 30, 6.1),
  ];

  it('colours a paddock by its latest topsoil result, else its latest at any depth', () => {
    const latest = latestResults(samples, 'pHCaCl2');
    expect(latest.get('north')).toMatchObject({ id: 'c', value: 5.2 });
    expect(latest.get('creek')).toMatchObject({ id: 'e', value: 6.1 });
    expect(latestResults(samples, 'kMgKg').size).toBe(0);
  });

  it('lists a paddock’s results at one depth, oldest first, and the depths it was sampled at', () => {
    expect(paddockHistory(samples, 'north', 'pHCaCl2', { fromCm: 0, toCm: 10 }).map((sample) => [sample.sampleDate, sample.value])).toEqual([
      ['2024-03-14', 4.9],
      ['2025-03-11', 5.2],
    ]);
    expect(depthsOf(samples, 'north')).toEqual([
      { fromCm: 0, toCm: 10 },
      { fromCm: 10, toCm: 30 },
    ]);
  });
});
