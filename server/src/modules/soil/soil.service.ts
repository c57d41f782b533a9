/**
 * Soil samples (docs/soil-testing.md): the paged list and its CSV, a member's farm with every
 * sample, one sample entered, changed or deleted, and a lab's CSV previewed and imported whole.
 * A sample names its paddock; the name must be one of the member's paddocks as the farm stands
 * (currentFarm) when it is entered.
 */
import { randomUUID } from 'node:crypto';
import { type EnteredBy, type SoilFarmView, type SoilImportMapping, type SoilImportPreview, type soilSampleListQuerySchema, type SoilSampleValues } from '@shared/contracts/soil';
import { mappingProblems, suggestMapping } from '@shared/domain/soil/csv-mapping';
import { type ImportRowError, readImportRows } from '@shared/domain/soil/import-rows';
import { paddockKey } from '@shared/domain/soil/measures';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import type { DatabaseProvider } from '../../db/provider';
import { anyCaseContains } from '../../db/text-search';
import { badRequest } from '../../lib/app-error';
import { everyRow } from '../../lib/csv-download';
import { ValidationError } from '../../lib/validate';
import { memberNames, presentSoilSample } from '../../presenters/soil-sample';
import { currentFarm } from '../farm/current-farm';
import { readLabCsv } from './lab-csv';

type ListQuery = z.output<typeof soilSampleListQuerySchema>;
type SoilSampleRow = NonNullable<Awaited<ReturnType<Database['soilSample']['findFirst']>>>;
export interface SoilMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
export interface SoilAuthor {
  enteredBy: EnteredBy;
  enteredById: string;
}

/** Staff's list and its export: the latest samples first, each paddock's depths from the top down. */
const LIST_ORDER = [{ sampleDate: 'desc' }, { paddockKey: 'asc' }, { depthFromCm: 'asc' }, { id: 'asc' }] satisfies Prisma.SoilSampleOrderByWithRelationInput[];

/** The rows shown on the mapping screen under the headings. */
const PREVIEW_ROWS = 5;

const nameOf = (member: SoilMember) => [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;

/** A 400 whose issues are the file's row errors, so nothing of a file with a bad row is kept. */
class ImportRowsRefused extends ValidationError {
  constructor(errors: readonly ImportRowError[], rows: number) {
    super(errors.map((error) => ({ path: `row ${error.row}`, message: error.message })));
    const bad = new Set(errors.map((error) => error.row)).size;
    this.message = `${bad} of ${rows} rows have problems, so nothing was imported. Put them right in the file (or the mapping) and import it again.`;
  }
}

export function soilService(db: Database, provider: DatabaseProvider) {
  const containing = anyCaseContains(provider);

  function where(query: Pick<ListQuery, 'memberId' | 'paddock' | 'lab' | 'from' | 'to'>) {
    return {
      ...(query.memberId ? { userId: query.memberId } : {}),
      ...(query.paddock ? { paddockKey: { contains: paddockKey(query.paddock) } } : {}),
      ...(query.lab ? { lab: containing(query.lab) } : {}),
      ...(query.from || query.to ? { sampleDate: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lte: query.to } : {}) } } : {}),
    };
  }

  async function present(rows: SoilSampleRow[]) {
    const names = await memberNames(db, rows);
    return rows.map((row) => presentSoilSample(row, names.get(row.userId) ?? 'Former member'));
  }

  /** The member's paddock names, and the stored name of the one `name` folds to (undefined when it is not theirs). */
  async function paddockNamed(memberId: string, name: string) {
    const { paddocks } = await currentFarm(db, memberId);
    const names = paddocks.map((paddock) => paddock.name);
    return { names, match: names.find((candidate) => paddockKey(candidate) === paddockKey(name)) };
  }

  function notTheirPaddock(name: string, names: readonly string[]) {
    const message = names.length === 0 ? 'This member has no paddocks yet; add them on the farm page first.' : `“${name}” is not one of the member’s paddocks; choose one of ${names.join(', ')}.`;
    return new ValidationError([{ path: 'paddockName', message }]);
  }

  async function importRows(member: SoilMember, bytes: Buffer | undefined, fields: { lab?: string | undefined; mapping?: SoilImportMapping | undefined }) {
    const csv = readLabCsv(bytes);
    const suggestedMapping = suggestMapping(csv.headers);
    const mapping = fields.mapping ?? suggestedMapping;
    const problems = mappingProblems(mapping, csv.headers.length, fields.lab);
    const { paddocks } = await currentFarm(db, member.id);
    const read = problems.length > 0 ? { samples: [], errors: [] } : readImportRows(csv.rows, mapping, { paddocks: paddocks.map((paddock) => paddock.name), defaultLab: fields.lab, firstRow: csv.firstRow });
    return { csv, suggestedMapping, mapping, problems, ...read };
  }

  return {
    async list(query: ListQuery) {
      const filter = where(query);
      const [total, rows] = await Promise.all([
        db.soilSample.count({ where: filter }),
        db.soilSample.findMany({ where: filter, orderBy: LIST_ORDER, skip: (query.page - 1) * query.pageSize, take: query.pageSize }),
      ]);
      return { samples: await present(rows), total, page: query.page, pageSize: query.pageSize };
    },

    /** Every sample the filters match (the CSV export), a page at a time. */
    async *every(query: ListQuery) {
      const filter = where(query);
      for await (const rows of everyRow({ where: filter, orderBy: LIST_ORDER }, (page) => db.soilSample.findMany(page))) yield await present(rows);
    },

    /** The member's paddocks as the farm stands, and every sample of theirs (samples of a paddock since renamed keep their name), oldest first. */
    async farm(member: SoilMember): Promise<SoilFarmView> {
      const [farm, rows] = await Promise.all([currentFarm(db, member.id), db.soilSample.findMany({ where: { userId: member.id }, orderBy: [{ sampleDate: 'asc' }, { depthFromCm: 'asc' }, { id: 'asc' }] })]);
      return {
        memberName: nameOf(member),
        paddocks: farm.paddocks.map((paddock) => ({ name: paddock.name, key: paddockKey(paddock.name), areaHa: paddock.areaHa, geometry: paddock.geometry ?? null })),
        samples: rows.map((row) => presentSoilSample(row, nameOf(member))),
      };
    },

    async create(member: SoilMember, input: SoilSampleValues & { paddockName: string }, author: SoilAuthor) {
      const { names, match } = await paddockNamed(member.id, input.paddockName);
      if (!match) throw notTheirPaddock(input.paddockName, names);
      const { paddockName: _written, ...values } = input;
      const row = await db.soilSample.create({ data: { ...values, userId: member.id, paddockName: match, paddockKey: paddockKey(match), ...author } });
      return presentSoilSample(row, nameOf(member));
    },

    /** A sample changed by staff: its paddock may stay as it was even when the farm no longer has that name. */
    async update(row: SoilSampleRow, input: SoilSampleValues & { paddockName: string }) {
      let paddockName = row.paddockName;
      if (paddockKey(input.paddockName) !== row.paddockKey) {
        const { names, match } = await paddockNamed(row.userId, input.paddockName);
        if (!match) throw notTheirPaddock(input.paddockName, names);
        paddockName = match;
      }
      const { paddockName: _written, ...values } = input;
      const updated = await db.soilSample.update({ where: { id: row.id }, data: { ...values, paddockName, paddockKey: paddockKey(paddockName) } });
      return (await present([updated]))[0]!;
    },

    async remove(row: SoilSampleRow) {
      await db.soilSample.delete({ where: { id: row.id } });
    },

    async previewImport(
      member: SoilMember,
      file: { originalname: string; buffer: Buffer } | undefined,
      fields: { lab?: string | undefined; mapping?: SoilImportMapping | undefined },
    ): Promise<SoilImportPreview> {
      const read = await importRows(member, file?.buffer, fields);
      return {
        fileName: file?.originalname ?? '',
        headers: read.csv.headers,
        sampleRows: read.csv.rows.slice(0, PREVIEW_ROWS),
        rowCount: read.csv.rows.length,
        suggestedMapping: read.suggestedMapping,
        mapping: read.mapping,
        mappingProblems: read.problems,
        rowErrors: read.errors,
        readyRows: read.samples.length,
      };
    },

    /** Every row of the file as a sample, in one transaction, or none: any mapping problem or row error refuses the whole file. */
    async commitImport(member: SoilMember, file: { buffer: Buffer } | undefined, fields: { lab?: string | undefined; mapping?: SoilImportMapping | undefined }, enteredById: string) {
      const read = await importRows(member, file?.buffer, fields);
      if (read.problems.length > 0) throw badRequest(`The columns are not mapped yet: ${read.problems.join(' ')}`, 'mapping_incomplete');
      if (read.errors.length > 0) throw new ImportRowsRefused(read.errors, read.samples.length + new Set(read.errors.map((error) => error.row)).size);
      if (read.samples.length === 0) throw badRequest('The file has no rows of results under its headings.', 'no_rows');
      const importBatchId = randomUUID();
      // Prisma splits a large createMany into several statements; the transaction keeps them one import.
      await db.$transaction([
        db.soilSample.createMany({
          data: read.samples.map(({ row: _row, paddockName, ...values }) => ({ ...values, paddockName, paddockKey: paddockKey(paddockName), userId: member.id, enteredBy: 'staff', enteredById, importBatchId })),
        }),
      ]);
      return { imported: read.samples.length, importBatchId };
    },
  };
}
