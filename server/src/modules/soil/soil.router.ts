/**
 * The soil-testing pilot (docs/soil-testing.md). Staff (administrators) list, enter, change, delete,
 * import from a lab's CSV and export every sample under /api/admin/soil-samples; a member (or their
 * broker of record, or staff in support mode) reads and adds their own under /api/user/soil-samples.
 * Each route is an endpoint of the table (shared/endpoints/soil.ts).
 */
import type { Request } from 'express';
import { soilEndpoints as endpoints } from '@shared/endpoints/soil';
import { SOIL_CSV_MAX_BYTES } from '@shared/domain/soil/csv-mapping';
import { perthCalendarDate } from '@shared/format';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { sendCsv } from '../../lib/csv-download';
import { signedInUser } from '../../middleware/auth';
import { multipartBody } from '../../middleware/multipart';
import { endpointRouter } from '../../middleware/serve';
import { MEMBER_NOT_FOUND_MESSAGE, requestPolicy } from '../../policies/request-policy';
import { SOIL_SAMPLES_CSV } from './soil-csv';
import { soilService } from './soil.service';

/** One lab CSV in the multipart field `file`; its limits become clear 4xx answers. */
const csvUpload = () =>
  multipartBody({
    files: { field: 'file', most: 1, bytes: SOIL_CSV_MAX_BYTES },
    limits: { fields: 10, fieldSize: 16 * 1024, parts: 12 },
    tooLarge: () => new AppError(413, 'file_too_large', `A lab CSV may be at most ${SOIL_CSV_MAX_BYTES / (1024 * 1024)} MB; split the file and import each part.`),
    wrongFiles: () => badRequest('Send one CSV file at a time, in the field named file.', 'bad_upload'),
  });

export function soilRouter(context: AppContext) {
  const { db, env } = context;
  const soil = soilService(db, providerOf(env.DATABASE_URL));
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);
  const noStore = { 'Cache-Control': 'no-store' };
  const findMember = async (id: string) => {
    const member = await db.user.findUnique({ where: { id }, select: { id: true, firstName: true, lastName: true, email: true } });
    if (!member) throw notFound(MEMBER_NOT_FOUND_MESSAGE, 'member_not_found');
    return member;
  };

  // ---- Staff ----

  serve(endpoints.samples)({
    handle: async (_req, res, { query }) => {
      res.set(noStore);
      return soil.list(query);
    },
  });

  serve(endpoints.samplesCsv)({
    handle: async (_req, res, { query }) => {
      await sendCsv(res, `soil-samples-${perthCalendarDate(new Date())}.csv`, SOIL_SAMPLES_CSV, soil.every(query));
    },
  });

  serve(endpoints.memberFarm)({
    handle: async (_req, res, { query }) => {
      const farm = await soil.farm(await findMember(query.memberId));
      res.set(noStore);
      return farm;
    },
  });

  serve(endpoints.createSample)({
    handle: async (req, _res, { body: { memberId, ...input } }) => ({ sample: await soil.create(await findMember(memberId), input, { enteredBy: 'staff', enteredById: signedInUser(req).id }) }),
  });

  const sampleFor = async (_req: Request, { params }: { params: { id: string } }) => {
    const sample = await db.soilSample.findUnique({ where: { id: params.id } });
    if (!sample) throw notFound('That soil sample does not exist; it may have been deleted.', 'soil_sample_not_found');
    return sample;
  };

  serve(endpoints.updateSample)({
    load: sampleFor,
    handle: async (_req, _res, { record, body }) => ({ sample: await soil.update(record, body) }),
  });

  serve(endpoints.deleteSample)({
    load: sampleFor,
    handle: async (_req, res, { record }) => {
      await soil.remove(record);
      res.status(204).end();
    },
  });

  serve(endpoints.previewImport)({
    readBody: csvUpload(),
    handle: async (req, res, { body: { memberId, ...fields } }) => {
      const preview = await soil.previewImport(await findMember(memberId), req.file, fields);
      res.set(noStore);
      return preview;
    },
  });

  serve(endpoints.commitImport)({
    readBody: csvUpload(),
    handle: async (req, _res, { body: { memberId, ...fields } }) => soil.commitImport(await findMember(memberId), req.file, fields, signedInUser(req).id),
  });

  // ---- The member (or whoever may act for them) ----

  serve(endpoints.memberSamples)({
    handle: async (req, res, { query }) => {
      const farm = await soil.farm(await policy.member(req, query.memberId, 'read'));
      res.set(noStore);
      return farm;
    },
  });

  serve(endpoints.addMemberSample)({
    load: (req, { query }) => policy.member(req, query.memberId, 'write'),
    handle: async (req, _res, { record: member, body }) => ({ sample: await soil.create(member, body, { enteredBy: 'member', enteredById: signedInUser(req).id }) }),
  });

  return router;
}
