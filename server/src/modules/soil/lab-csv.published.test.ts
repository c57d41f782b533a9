/**
 * Soil-test CSV files made by others: lab exports and soil-test datasets committed to public
 * repositories (shared/domain/soil/fixtures/published/SOURCES.md names each one, with its commit and
 * licence). Each file goes through what the import does (soil.service.ts importRows): readLabCsv,
 * suggestMapping, mappingProblems with the lab typed for the file, and readImportRows with the
 * member's paddocks taken from the file's own paddock column. The tests assert what staff would see:
 * the headings, the columns suggested for each field, the mapping screen's sentences, the samples kept
 * and the sentences for the rows refused.
 *
 * A comment above a test says what the import once did wrong with that file (each was found here and
 * mended in shared/domain/soil).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SoilImportField } from '@shared/contracts/soil';
import { type ColumnMapping, mappingProblems, suggestMapping } from '@shared/domain/soil/csv-mapping';
import { readImportRows } from '@shared/domain/soil/import-rows';
import { repositoryRoot } from '../../lib/paths';
import { type LabCsv, readLabCsv } from './lab-csv';

const published = (name: string) => readFileSync(join(repositoryRoot, 'shared/domain/soil/fixtures/published', name));

/** The suggested mapping as staff see it on the mapping screen: each field with its column's heading. */
function suggestedHeadings(csv: LabCsv): Partial<Record<SoilImportField, string>> {
  return Object.fromEntries(Object.entries(suggestMapping(csv.headers)).map(([field, column]) => [field, csv.headers[column!]]));
}

/** The member's paddocks: the names the file itself writes in the column mapped to the paddock. */
function paddocksOf(csv: LabCsv, mapping: ColumnMapping): string[] {
  const column = mapping.paddock;
  if (typeof column !== 'number') return [];
  return [...new Set(csv.rows.map((row) => (row[column] ?? '').trim()).filter(Boolean))];
}

/** What importRows in soil.service.ts does with a mapping and the lab typed for the file. */
function importAsStaffWould(csv: LabCsv, mapping: ColumnMapping, lab: string) {
  const problems = mappingProblems(mapping, csv.headers.length, lab);
  const read = problems.length > 0 ? { samples: [], errors: [] } : readImportRows(csv.rows, mapping, { paddocks: paddocksOf(csv, mapping), defaultLab: lab, firstRow: csv.firstRow });
  return { problems, ...read };
}

/** A column by its heading, failing the test when the file has no such heading. */
function columnOf(csv: LabCsv, heading: string): number {
  const column = csv.headers.indexOf(heading);
  expect(column, `the heading ${heading}`).toBeGreaterThanOrEqual(0);
  return column;
}

describe('Ward Laboratories (Nebraska) export, 30 samples of TomKat Ranch, May 2021', () => {
  const csv = readLabCsv(published('ward-labs-tomkat-2021-05.csv'));
  const suggested = suggestedHeadings(csv);

  it('reads its 201 headings and 30 rows (Windows line ends), every cell as the lab wrote it', () => {
    expect(csv.headers).toHaveLength(201);
    expect(csv.headers.slice(11, 19)).toEqual(['Field ID', 'Sample ID', 'Date Recd', 'Date Rept', 'B Depth', 'E Depth', 'Past Crop', '1:1 Soil pH']);
    expect(csv.headers.at(-1)).toBe('Molybdenum Hot Water ppm Mo');
    expect(csv.rows).toHaveLength(30);
    expect(csv.rows.every((row) => row.length === 201)).toBe(true);
    const first = csv.rows[0]!;
    expect([first[12], first[13], first[15], first[16], first[18], first[27], first[28], first[29]]).toEqual(['TOKA-006-10', '5/14/2021', '0', '4', '5.7', '9', '192', '9.7']);
    // The grower's name keeps the lab's trailing space; the last cell has no carriage return left on it.
    expect(first[10]).toBe('CHELSEA CAREY ');
    expect(csv.rows[29]![200]).toBe('');
  });

  it('suggests the field, potassium and organic carbon columns, and no Colwell P (the file has Olsen, Bray and Mehlich P)', () => {
    expect(suggested.paddock).toBe('Field ID');
    expect(suggested.kMgKg).toBe('Potassium ppm K');
    expect(suggested.organicCarbonPct).toBe('Organic Carbon %');
    expect(suggested.colwellPMgKg).toBeUndefined();
    // '1:1 Soil pH' is a 1:1 soil:water pH; it must not become the CaCl2 pH.
    expect(suggested.pHCaCl2).toBeUndefined();
  });

  // Once wrong: 'Date Recd' (the day the lab received the samples) is suggested as the sample date.
  // csv-mapping.ts RECOGNISERS.sampleDate excludes 'receiv' but not the abbreviation 'recd'. The file
  // has no sample date, so the mapping screen should ask for one.
  it('does not take the day the lab received the samples for the sample date', () => {
    expect(suggested.sampleDate).toBeUndefined();
    expect(mappingProblems(suggestMapping(csv.headers), csv.headers.length, 'Ward Laboratories')).toContain('Choose the column that holds the sample date.');
  });

  // Once wrong: 'B Depth' (begin depth) is suggested as the combined depth ('0-10'), so every row is
  // refused with 'The depth “0” is not a depth in centimetres such as 0-10'. The recognisers for the
  // split depths want 'from/top/upper/start' and 'to/bottom/lower/end' (csv-mapping.ts), not 'B'/'E'.
  // (Ward writes these depths in inches: see SOURCES.md.)
  it('suggests B Depth and E Depth as the depth from and to', () => {
    expect(suggested).toMatchObject({ depthFromCm: 'B Depth', depthToCm: 'E Depth' });
    expect(suggested.depth).toBeUndefined();
  });

  // Once wrong: '1:1 S Salts mmho/cm' (soluble salts, a 1:1 conductivity) is suggested as Sulfur (KCl40):
  // RECOGNISERS.sMgKg accepts any heading with the word 's', and the salts column comes before
  // 'Sulfate-S ppm S'. Its 0.1 would be stored as 0.1 mg/kg of sulfur.
  it('suggests Sulfate-S for sulfur, not the soluble-salts conductivity', () => {
    expect(suggested.sMgKg).toBe('Sulfate-S ppm S');
  });

  // Once wrong: 'Paste EC mmho/cm' (a saturated-paste extract, several times the 1:5 reading) is suggested
  // for EC (1:5): RECOGNISERS.ecDsM accepts any heading with the word 'ec'.
  it('does not suggest the saturated-paste EC for EC (1:5)', () => {
    expect(suggested.ecDsM).not.toBe('Paste EC mmho/cm');
  });

  // Once wrong: 'Texture No' (Ward's texture code, 2 in every row) is suggested for the texture, so every
  // row is refused with 'The texture “2” is not one of sand, …'. RECOGNISERS.texture takes the first
  // heading containing 'texture'; the file's own 'Texture' column comes later.
  it('suggests the Texture column, not the texture code number', () => {
    expect(suggested.texture).toBe('Texture');
  });

  it('with the columns staff would choose, refuses each row for its month-first date and for nothing else', () => {
    const mapping: ColumnMapping = {
      paddock: columnOf(csv, 'Sample ID'),
      sampleDate: columnOf(csv, 'Date Recd'),
      depthFromCm: columnOf(csv, 'B Depth'),
      depthToCm: columnOf(csv, 'E Depth'),
      pHWater: columnOf(csv, '1:1 Soil pH'),
      organicCarbonPct: columnOf(csv, 'Organic Carbon %'),
      kMgKg: columnOf(csv, 'Potassium ppm K'),
      sMgKg: columnOf(csv, 'Sulfate-S ppm S'),
    };
    const { problems, samples, errors } = importAsStaffWould(csv, mapping, 'Ward Laboratories');
    expect(problems).toEqual([]);
    expect(samples).toEqual([]);
    // One sentence a row, about the date: the depths, pH 5.7, K 192 and S 9.7 all read as numbers.
    expect(errors.map((error) => error.row)).toEqual(Array.from({ length: 30 }, (_, index) => index + 2));
    expect(errors.every((error) => error.message.startsWith(`Row ${error.row}: The sample date “5/14/2021”`))).toBe(true);
  });

  // Once confusing: '5/14/2021' can only be 14 May 2021 (there is no month 14), yet the sentence says it
  // 'is not a day'. dates.ts parseSampleDate reads day first only; import-rows.ts words every
  // unreadable date the same way. Staff should be told the date is month first (or it should be read).
  it('does not tell staff that a month-first date is not a day', () => {
    const mapping: ColumnMapping = { paddock: columnOf(csv, 'Sample ID'), sampleDate: columnOf(csv, 'Date Recd'), depthFromCm: 15, depthToCm: 16, kMgKg: 28 };
    const { errors } = importAsStaffWould(csv, mapping, 'Ward Laboratories');
    expect(errors.filter((error) => error.message.includes('is not a day'))).toEqual([]);
    expect(errors[0]!.message).toBe('Row 2: The sample date “5/14/2021” is written month first; write it day first (14/05/2021) or as 2021-05-14');
  });
});

describe('A&L Western Laboratories export, one sample, January 2020', () => {
  const csv = readLabCsv(published('al-west-2020-01.csv'));
  const suggested = suggestedHeadings(csv);

  it('reads its 53 short coded headings and its one row (no line end after it), the blank sample date as eight spaces', () => {
    expect(csv.headers).toHaveLength(53);
    expect(csv.headers.slice(0, 8)).toEqual(['CLIENT', 'DATESUB', 'TIMESUB', 'GROWER', 'PERSON', 'SAMPLEID', 'CROP', 'DATESAMPL']);
    expect(csv.rows).toHaveLength(1);
    const row = csv.rows[0]!;
    expect([row[1], row[5], row[7], row[16], row[17], row[30], row[49]]).toEqual(['20200109', 'A1', '        ', '8.3', '123.9', '140.8', '3.4']);
  });

  it('suggests EC, K and S, leaves the Bray (P1, P2) and Olsen (HCO3_P) phosphorus out, and asks for the paddock and depth', () => {
    expect(suggested).toMatchObject({ ecDsM: 'EC', kMgKg: 'K', sMgKg: 'S' });
    expect(suggested.colwellPMgKg).toBeUndefined();
    expect(suggested.paddock).toBeUndefined();
    expect(mappingProblems(suggestMapping(csv.headers), csv.headers.length, 'A&L Western Laboratories')).toEqual([
      'Choose the column that holds the paddock name.',
      'Choose the column that holds the depth (0-10), or the two columns from and to.',
    ]);
  });

  // Once wrong: 'DATESUB' (the day the sample was submitted) is suggested as the sample date although the
  // file has 'DATESAMPL'. RECOGNISERS.sampleDate takes the first heading containing 'date' and does
  // not exclude 'sub(mitted)' or prefer 'sampl'.
  it('suggests DATESAMPL, not DATESUB, as the sample date', () => {
    expect(suggested.sampleDate).toBe('DATESAMPL');
  });
});

describe('Soiltest Farm Consultants (Washington) export, six potato circles, August 2022', () => {
  const csv = readLabCsv(published('soiltest-farm-consultants-2022-08.csv'));
  const suggested = suggestedHeadings(csv);

  it('reads its 62 headings and 6 rows (Windows line ends), the depth range with its leading spaces', () => {
    expect(csv.headers).toHaveLength(62);
    expect(csv.headers.at(-1)).toBe('OTHER ID#');
    expect(csv.rows).toHaveLength(6);
    expect(csv.rows.map((row) => row[3])).toEqual(['Circle01', 'Circle02', 'Circle03', 'Circle04', 'Circle05', 'Circle06']);
    const first = csv.rows[0]!;
    expect([first[7], first[15], first[60], first[61]]).toEqual(['8/16/2022', '21.6', '  0 - 12', '']);
  });

  it('suggests the field, the depth range, the CaCl2 pH, K and S, and none of its three phosphorus columns', () => {
    expect(suggested).toMatchObject({ paddock: 'Field ID', depth: 'depth range', pHCaCl2: 'CaCl2 pH', kMgKg: 'K', sMgKg: 'S' });
    expect(suggested.colwellPMgKg).toBeUndefined();
  });

  // Once wrong: 'Date Tested' (the day the lab analysed the soil) is suggested as the sample date.
  // RECOGNISERS.sampleDate excludes 'analys' but not 'tested'.
  it('does not take the day the lab tested the soil for the sample date', () => {
    expect(suggested.sampleDate).toBeUndefined();
  });

  it('with the test date chosen for the sample date, keeps no sample and refuses every circle for that date, its depth read', () => {
    const mapping: ColumnMapping = { paddock: 3, sampleDate: 7, depth: 60, pHCaCl2: 54, kMgKg: 14, sMgKg: 30 };
    const { problems, samples, errors } = importAsStaffWould(csv, mapping, 'Soiltest Farm Consultants');
    expect(problems).toEqual([]);
    expect(samples).toEqual([]);
    expect(errors.map((error) => error.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(errors.every((error) => error.message.startsWith(`Row ${error.row}: The sample date “8/16/2022”`))).toBe(true);
    // '  0 - 12' is accepted as a depth (it is inches at this lab; the heading does not say).
    expect(errors.some((error) => error.message.includes('depth'))).toBe(false);
  });
});

describe('Washington Soil Health Initiative results, anonymised subset of 30 fields, 2022', () => {
  const csv = readLabCsv(published('washi-2022-anonymized-subset.csv'));
  const suggested = suggestedHeadings(csv);

  it('reads its 76 quoted camel-case headings and 30 rows (Windows line ends)', () => {
    expect(csv.headers).toHaveLength(76);
    expect(csv.headers.slice(0, 7)).toEqual(['year', 'sampleId', 'farmName', 'producerName', 'producerId', 'fieldName', 'fieldId']);
    expect(csv.rows).toHaveLength(30);
    const first = csv.rows[0]!;
    expect([first[0], first[1], first[5], first[15], first[18], first[27], first[28], first[29], first[41], first[50]]).toEqual([
      '2022',
      'D030301',
      'Field 01',
      'Silt Loam',
      '0.67',
      '0.29',
      '19',
      '356',
      '0.72',
      '6.1',
    ]);
  });

  it('suggests EC, K, S and the texture, leaves Olsen and Bray P out, and finds no sample date (the file gives the year only) or depth', () => {
    expect(suggested).toMatchObject({ ecDsM: 'EC_mmhos.cm', kMgKg: 'K_mg.kg', sMgKg: 'S_mg.kg', texture: 'texture' });
    expect(suggested.colwellPMgKg).toBeUndefined();
    expect(suggested.sampleDate).toBeUndefined();
    expect(suggested.depth ?? suggested.depthFromCm).toBeUndefined();
  });

  it('says the year is not a day when staff choose it for the sample date', () => {
    const { errors } = readImportRows(csv.rows.slice(0, 1), { paddock: 5, sampleDate: 0, kMgKg: 29 }, { paddocks: ['Field 01'], defaultLab: 'WaSHI' });
    expect(errors.map((error) => error.message)).toContain('Row 2: The sample date “2022” is not a day (write it as 14/03/2025 or 2025-03-14)');
  });

  // Once wrong: 'fieldName' (Field 01, Field 02, …) is not recognised as the paddock. foldHeading lower-cases
  // 'fieldName' to one word 'fieldname' without splitting the camel case, and RECOGNISERS.paddock
  // wants the whole word 'field'.
  it('recognises fieldName as the paddock', () => {
    expect(suggested.paddock).toBe('fieldName');
  });

  // Once wrong: 'TOC_%' (total organic carbon, %) is not recognised as organic carbon: RECOGNISERS
  // .organicCarbonPct knows 'organic carbon', 'org carbon', 'walkley', 'oc' and 'org c', not 'toc'.
  it('recognises TOC_% as organic carbon', () => {
    expect(suggested.organicCarbonPct).toBe('TOC_%');
  });
});

describe('C-Quester example results, with a units row under the headings and comment rows under the results', () => {
  const csv = readLabCsv(published('cquester-example-with-units-row.csv'));
  const suggested = suggestedHeadings(csv);

  it('reads its 17 headings, each with the unit the units row gives it, and the ten samples in order after that row', () => {
    expect(csv.headers).toHaveLength(17);
    expect(csv.headers.slice(0, 6)).toEqual([
      'Sample ID',
      'Bulk density (corrected for coarse material) (gramsPerCentimeterCubed)',
      'Inorganic carbon (Percent)',
      'Organic carbon (Percent)',
      'Total nitrogen (Percent)',
      'pH',
    ]);
    const samples = csv.rows.filter((row) => /^\d+$/.test(row[0]!));
    expect(samples.map((row) => row[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect([samples[0]![3], samples[0]![5], samples[2]![3]]).toEqual(['1.82', '5.5', '2']);
  });

  it('asks for the paddock, the sample date and the depth, none of which the file has', () => {
    expect(mappingProblems(suggestMapping(csv.headers), csv.headers.length, 'C-Quester')).toEqual([
      'Choose the column that holds the paddock name.',
      'Choose the column that holds the sample date.',
      'Choose the column that holds the depth (0-10), or the two columns from and to.',
    ]);
  });

  // Once wrong: 'Inorganic carbon' is suggested as Organic carbon (%): RECOGNISERS.organicCarbonPct matches
  // the text 'organic carbon' anywhere in the heading, and 'Inorganic carbon' comes first.
  it('suggests Organic carbon, not Inorganic carbon, as organic carbon', () => {
    expect(suggested.organicCarbonPct).toBe('Organic carbon (Percent)');
  });

  // Once wrong: the units row ('UNITS, gramsPerCentimeterCubed, Percent, …') under the headings, and the
  // four rows marked COMMENT under the results, are taken as rows of results: the preview counts 15
  // rows for 10 samples, shows the units row first, and reading it gives 'Organic carbon (%) “Percent”
  // is not a number'. CSBP's own spreadsheet export has such a units row too. lab-csv.ts readLabCsv
  // keeps every line after the headings.
  it('counts ten rows of results, not the units row or the comment rows', () => {
    expect(csv.rows).toHaveLength(10);
    expect(csv.rows[0]![0]).toBe('1');
  });
});

describe('Speirs farm (NSW) soil tests by paddock, 60 points in two paddocks, with satellite bands', () => {
  const csv = readLabCsv(published('speirs-farm-nsw-paddocks.csv'));

  it('reads its 72 headings and 60 rows, the paddock and pH as the file writes them', () => {
    expect(csv.headers).toHaveLength(72);
    expect(csv.headers.slice(0, 8)).toEqual(['paddock', 'sample_id', 'lat', 'lon', 'ph', 'cec_cmolkg', 'esp_pct', 'na_cmolkg']);
    expect(csv.rows).toHaveLength(60);
    expect([csv.rows[0]![0], csv.rows[0]![1], csv.rows[0]![4]]).toEqual(['HILLPDK', '13', '4.57']);
    expect(paddocksOf(csv, { paddock: 0 })).toEqual(['HILLPDK', 'LIGHTNING_TREE']);
  });

  it('suggests the paddock and nothing else: not the bare "ph", CEC, ESP, sodium or any of the 64 band columns', () => {
    expect(suggestMapping(csv.headers)).toEqual({ paddock: 0 });
    expect(mappingProblems(suggestMapping(csv.headers), csv.headers.length, 'Unknown')).toEqual([
      'Choose the column that holds the sample date.',
      'Choose the column that holds the depth (0-10), or the two columns from and to.',
      'Choose at least one column of results (pH, organic carbon, EC, P, K or S).',
    ]);
  });

  it('still lacks a sample date and depth when staff choose the ph column for pH (CaCl2)', () => {
    const { problems, samples } = importAsStaffWould(csv, { paddock: 0, pHCaCl2: 4 }, 'Unknown');
    expect(problems).toEqual(['Choose the column that holds the sample date.', 'Choose the column that holds the depth (0-10), or the two columns from and to.']);
    expect(samples).toEqual([]);
  });
});
