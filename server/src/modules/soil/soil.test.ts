import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, SENT_ONCE_MESSAGES } from '@shared/contracts/idempotency-headers';
import { repositoryRoot } from '../../lib/paths';
import type { TestAgent } from '../../testing/accounts';
import { createDashboardWorld, labSoilSample } from '../../testing/dashboard-fixtures';
import { linesOfCsv } from '../../testing/csv-file';

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let users: World['users'], agents: World['agents'];

const fixture = (name: string) => readFileSync(join(repositoryRoot, 'shared/domain/soil/fixtures', name));
const goodReport = fixture('csbp-soil-report.csv');
const reportWithErrors = fixture('csbp-soil-report-with-errors.csv');

/** Sends a file to the import as the mapping screen does: the file, whose farm it is, the lab for the file, and the mapping when staff changed it. */
function upload(agent: TestAgent, path: string, file: Buffer, fields: Record<string, string>, fileName = 'soil-report.csv') {
  let req = agent.post(path);
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  return req.attach('file', file, fileName);
}
const preview = (file: Buffer, fields: Record<string, string>, fileName?: string) => upload(agents.admin, '/api/admin/soil-samples/import/preview', file, fields, fileName);
const commit = (file: Buffer, fields: Record<string, string>, fileName?: string) => upload(agents.admin, '/api/admin/soil-samples/import', file, fields, fileName);
const samplesOf = async (memberId: string) => world.t.db.soilSample.count({ where: { userId: memberId } });

const sample = labSoilSample;

beforeAll(async () => {
  world = await createDashboardWorld();
  ({ users, agents } = world);
});
afterAll(() => world.t.close());

describe('importing a lab’s CSV', () => {
  it('previews a CSBP report with the columns recognised, asks for the lab the file does not name, then imports every row at once', async () => {
    const first = await preview(goodReport, { memberId: users.member.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fileName: 'soil-report.csv', rowCount: 6, readyRows: 0, rowErrors: [] });
    expect(first.body.headers[first.body.suggestedMapping.pHCaCl2]).toBe('pH Level (CaCl2)');
    expect(first.body.mappingProblems).toEqual(['Choose the column that holds the lab, or type the lab’s name for the whole file.']);
    expect((await commit(goodReport, { memberId: users.member.id })).body.error).toBe('mapping_incomplete');

    const ready = await preview(goodReport, { memberId: users.member.id, lab: 'CSBP' });
    expect(ready.body).toMatchObject({ mappingProblems: [], rowErrors: [], readyRows: 6 });
    const before = await samplesOf(users.member.id);
    const imported = await commit(goodReport, { memberId: users.member.id, lab: 'CSBP', mapping: JSON.stringify(ready.body.mapping) });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(6);
    expect(await samplesOf(users.member.id)).toBe(before + 6);

    const listed = await agents.admin.get(`/api/admin/soil-samples?memberId=${users.member.id}&paddock=creek&from=2025-01-01`);
    expect(listed.body.total).toBe(1);
    expect(listed.body.samples[0]).toMatchObject({
      memberName: 'Jo Grower',
      paddockName: 'Creek Flat',
      lab: 'CSBP',
      sampleDate: '2025-03-11',
      pHCaCl2: 5.8,
      colwellPMgKg: 38,
      texture: 'sandy loam',
      enteredBy: 'staff',
      importBatchId: imported.body.importBatchId,
    });
  });

  it('follows the mapping staff chose over the one suggested', async () => {
    const { body } = await preview(goodReport, { memberId: users.member.id, lab: 'CSBP' });
    // Staff point P at the PBI column by mistake: PBI 88 is within P's range, but the P column itself is no longer read.
    const mapping = { ...body.mapping, colwellPMgKg: body.headers.indexOf('Phosphorus Buffering Index') };
    const remapped = await preview(goodReport, { memberId: users.member.id, lab: 'CSBP', mapping: JSON.stringify(mapping) });
    expect(remapped.body.mapping.colwellPMgKg).toBe(body.headers.indexOf('Phosphorus Buffering Index'));
    expect(remapped.body.readyRows).toBe(6);
    const doubled = await preview(goodReport, { memberId: users.member.id, lab: 'CSBP', mapping: JSON.stringify({ ...body.mapping, kMgKg: body.mapping.colwellPMgKg }) });
    expect(doubled.body.mappingProblems).toEqual(['One column is mapped to both Colwell P (mg/kg) and Colwell K (mg/kg).']);
  });

  it('imports a file once when Import is pressed again after its answer was lost, and refuses the same key with another file', async () => {
    const fields = { memberId: users.member.id, lab: 'CSBP' };
    const before = await samplesOf(users.member.id);
    const first = await commit(goodReport, fields).set(IDEMPOTENCY_KEY_HEADER, 'soil-import-key-000001');
    expect(first.status).toBe(201);
    const again = await commit(goodReport, fields).set(IDEMPOTENCY_KEY_HEADER, 'soil-import-key-000001');
    expect(again.status).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await samplesOf(users.member.id)).toBe(before + 6);

    // The same fields with another file under the same name: another sending, refused, nothing kept.
    const otherFile = Buffer.from(goodReport.toString('utf8').replace('5.8', '5.9'));
    const other = await commit(otherFile, fields).set(IDEMPOTENCY_KEY_HEADER, 'soil-import-key-000001');
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(SENT_ONCE_MESSAGES.keyReused);
    expect(await samplesOf(users.member.id)).toBe(before + 6);
  });

  it('lists each bad row with what is wrong and imports nothing of the file', async () => {
    const previewed = await preview(reportWithErrors, { memberId: users.member.id, lab: 'CSBP' });
    expect(previewed.body.readyRows).toBe(1);
    expect(previewed.body.rowErrors.map((error: { message: string }) => error.message)).toEqual([
      'Row 3: The sample date “31/02/2025” is not a day (write it as 14/03/2025 or 2025-03-14)',
      'Row 4: “Back Paddock” is not one of the member’s paddocks (their paddocks are North Paddock, Creek Flat)',
      'Row 5: pH (CaCl2) must be between 3 and 10',
    ]);
    const before = await samplesOf(users.member.id);
    const refused = await commit(reportWithErrors, { memberId: users.member.id, lab: 'CSBP' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('3 of 4 rows have problems, so nothing was imported. Put them right in the file (or the mapping) and import it again.');
    expect(refused.body.issues).toEqual([
      { path: 'row 3', message: 'Row 3: The sample date “31/02/2025” is not a day (write it as 14/03/2025 or 2025-03-14)' },
      { path: 'row 4', message: 'Row 4: “Back Paddock” is not one of the member’s paddocks (their paddocks are North Paddock, Creek Flat)' },
      { path: 'row 5', message: 'Row 5: pH (CaCl2) must be between 3 and 10' },
    ]);
    // Row 2 was good; it is not kept either.
    expect(await samplesOf(users.member.id)).toBe(before);
  });

  it('refuses a file that is not a CSV with a sentence saying what to do', async () => {
    const workbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const xlsx = await preview(workbook, { memberId: users.member.id, lab: 'CSBP' }, 'soil-report.xlsx');
    expect(xlsx.status).toBe(400);
    expect(xlsx.body).toMatchObject({ error: 'not_csv', message: 'This file is not a CSV but an Excel workbook. Open it in Excel, choose Save As › CSV (Comma delimited), and upload that file.' });

    const image = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const binary = await commit(image, { memberId: users.member.id, lab: 'CSBP' }, 'paddock.png');
    expect(binary.status).toBe(400);
    expect(binary.body.message).toMatch(/^This file is not a CSV \(it holds binary data\)/);

    const letter = await preview(Buffer.from('Dear Jo\nYour soil results are attached.\n'), { memberId: users.member.id, lab: 'CSBP' }, 'letter.txt');
    expect(letter.status).toBe(400);
    expect(letter.body.message).toMatch(/^This file is not a CSV we can read: its first line is not a row of column headings/);

    const tooBig = await preview(Buffer.alloc(1024 * 1024 + 1, 'a'), { memberId: users.member.id, lab: 'CSBP' });
    expect(tooBig.status).toBe(413);
    expect((await agents.admin.post('/api/admin/soil-samples/import/preview').field('memberId', users.member.id)).body.message).toBe('Choose the lab’s CSV file to upload; the file was empty or missing.');
    expect((await preview(goodReport, { memberId: 'no-such-member', lab: 'CSBP' })).status).toBe(404);
  });
});

describe('entering, changing and exporting samples', () => {
  it('lets staff enter a sample for a member’s paddock, change it and delete it, with each rule’s message', async () => {
    const created = await agents.admin.post('/api/admin/soil-samples').send({ memberId: users.other.id, ...sample({ paddockName: 'Creek Flat' }) });
    // The other member has no farm and no protection: there is no paddock to record against.
    expect(created.status).toBe(400);
    expect(created.body.issues).toEqual([{ path: 'paddockName', message: 'This member has no paddocks yet; add them on the farm page first.' }]);

    const entered = await agents.admin.post('/api/admin/soil-samples').send({ memberId: users.member.id, ...sample({ paddockName: ' creek  flat' }) });
    expect(entered.status).toBe(201);
    expect(entered.body.sample).toMatchObject({ paddockName: 'Creek Flat', enteredBy: 'staff', importBatchId: null });

    const outOfRange = await agents.admin.put(`/api/admin/soil-samples/${entered.body.sample.id}`).send(sample({ pHCaCl2: 12, depthToCm: 0, texture: 'silt' }));
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'pHCaCl2', message: 'pH (CaCl2) must be between 3 and 10' },
        { path: 'depthToCm', message: 'The depth it goes to must be between 1 and 200 cm' },
        { path: 'texture', message: 'Choose a texture from the list: sand, loamy sand, sandy loam, loam, sandy clay loam, clay loam or clay' },
      ]),
    );
    const changed = await agents.admin.put(`/api/admin/soil-samples/${entered.body.sample.id}`).send(sample({ paddockName: 'North Paddock', pHCaCl2: 6.2 }));
    expect(changed.body.sample).toMatchObject({ paddockName: 'North Paddock', pHCaCl2: 6.2 });
    expect((await agents.admin.delete(`/api/admin/soil-samples/${entered.body.sample.id}`)).status).toBe(204);
    expect((await agents.admin.delete(`/api/admin/soil-samples/${entered.body.sample.id}`)).status).toBe(404);
  });

  it('exports every sample the filters match, however many, in order (it stopped at 20,000)', async () => {
    // 20,001 samples of one day and paddock, one per depth (the list orders a paddock's depths from the top), written in one statement.
    const now = new Date();
    await world.t.db.$executeRaw`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
      INSERT INTO "SoilSample" ("id", "userId", "paddockName", "paddockKey", "lab", "sampleDate", "depthFromCm", "depthToCm", "enteredBy", "enteredById", "createdAt", "updatedAt")
      SELECT 'bulk-' || i, ${users.other.id}, 'Bulk Paddock', 'bulk paddock', 'Bulk Lab', '2001-02-03', i, i + 10, 'staff', ${users.admin.id}, ${now}, ${now} FROM n`;
    const csv = await agents.admin.get('/api/admin/soil-samples.csv?lab=bulk%20lab');
    expect(csv.status).toBe(200);
    const depths = linesOfCsv(csv.text)
      .slice(1)
      .map((line) => Number(line.split(',')[4]));
    expect(depths).toEqual(Array.from({ length: 20_001 }, (_, depth) => depth));
    await world.t.db.soilSample.deleteMany({ where: { lab: 'Bulk Lab' } });
  });

  it('exports the filtered samples as a spreadsheet, a paddock name that looks like a formula kept as text', async () => {
    await world.t.db.farmPaddock.create({ data: { userId: users.other.id, name: '=HYPERLINK("x")', areaHa: 10, sortOrder: 0 } });
    expect((await agents.admin.post('/api/admin/soil-samples').send({ memberId: users.other.id, ...sample({ paddockName: '=HYPERLINK("x")', lab: 'Nutrient Advantage' }) })).status).toBe(201);
    const csv = await agents.admin.get('/api/admin/soil-samples.csv?lab=nutrient');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = linesOfCsv(csv.text);
    expect(lines[0]).toBe(
      'Member,Paddock,Lab,Sample date,Depth from (cm),Depth to (cm),pH (CaCl2),pH (water),Organic carbon (%),EC (1:5) (dS/m),Colwell P (mg/kg),Colwell K (mg/kg),Sulfur (KCl40) (mg/kg),Texture,Entered by,Import batch',
    );
    expect(lines.slice(1)).toEqual([`${users.other.firstName} ${users.other.lastName},"'=HYPERLINK(""x"")",Nutrient Advantage,2025-03-11,0,10,5.4,,1.1,,31,,,Sandy loam,Staff,`]);
  });
});

describe('a member’s own soil results', () => {
  it('shows the member their own paddocks and samples and lets them add one, and no one else’s', async () => {
    const own = await agents.member.get('/api/user/soil-samples');
    expect(own.status).toBe(200);
    expect(own.body.paddocks.map((paddock: { name: string }) => paddock.name)).toEqual(['North Paddock', 'Creek Flat']);
    expect(own.body.samples.length).toBeGreaterThan(0);
    expect(own.body.samples.every((row: { memberId: string }) => row.memberId === users.member.id)).toBe(true);

    const added = await agents.member.post('/api/user/soil-samples').send(sample({ paddockName: 'North Paddock', sampleDate: '2025-09-01' }));
    expect(added.status).toBe(201);
    expect(added.body.sample).toMatchObject({ memberId: users.member.id, paddockName: 'North Paddock', enteredBy: 'member' });
    const notTheirs = await agents.member.post('/api/user/soil-samples').send(sample({ paddockName: '=HYPERLINK("x")' }));
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.issues[0].message).toBe('“=HYPERLINK("x")” is not one of the member’s paddocks; choose one of North Paddock, Creek Flat.');
    expect((await agents.member.post('/api/user/soil-samples').send(sample({ sampleDate: '2999-01-01' }))).body.issues).toEqual([{ path: 'sampleDate', message: 'The sample date cannot be in the future' }]);

    const others = await agents.other.get('/api/user/soil-samples');
    expect(others.body.samples.map((row: { memberId: string }) => row.memberId)).toEqual([users.other.id]);
    expect((await agents.other.get(`/api/user/soil-samples?memberId=${users.member.id}`)).status).toBe(403);
    expect((await agents.other.post(`/api/user/soil-samples?memberId=${users.member.id}`).send(sample())).status).toBe(403);
    // Their broker of record reads and adds for them.
    expect((await agents.broker.get(`/api/user/soil-samples?memberId=${users.member.id}`)).body.memberName).toBe('Jo Grower');
    expect((await agents.broker.post(`/api/user/soil-samples?memberId=${users.member.id}`).send(sample())).status).toBe(201);
    // Members never reach the staff routes.
    expect((await agents.member.get('/api/admin/soil-samples')).status).toBe(403);
    expect((await upload(agents.member, '/api/admin/soil-samples/import', goodReport, { memberId: users.member.id, lab: 'CSBP' })).status).toBe(403);
  });
});
