/**
 * The soil-testing pilot (docs/soil-testing.md). Staff (administrators) list, enter, change, delete,
 * import from a lab's CSV and export every sample under /api/admin/soil-samples; a member (or their
 * broker of record, or staff in support mode) reads and adds their own under /api/user/soil-samples.
 */
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { memberQuerySchema, recordParamsSchema } from '@shared/contracts/dashboard';
import { adminSoilSampleInputSchema, soilFarmQuerySchema, soilImportFieldsSchema, soilSampleInputSchema, soilSampleListQuerySchema } from '@shared/contracts/soil';
import { SOIL_CSV_MAX_BYTES } from '@shared/domain/soil/csv-mapping';
import { perthCalendarDate } from '@shared/format';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import { MEMBER_NOT_FOUND_MESSAGE, requestPolicy } from '../../policies/request-policy';
import { soilService } from './soil.service';

/** One lab CSV in the multipart field `file`; multer's limits become clear 4xx answers. */
function csvUpload(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: SOIL_CSV_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 } }).single('file');
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'file_too_large', `A lab CSV may be at most ${SOIL_CSV_MAX_BYTES / (1024 * 1024)} MB; split the file and import each part.`));
        if (error.code === 'LIMIT_FILE_COUNT' || error.code === 'LIMIT_UNEXPECTED_FILE') return next(badRequest('Send one CSV file at a time, in the field named file.', 'bad_upload'));
        return next(badRequest(`The upload could not be read (${error.message}).`, 'bad_upload'));
      }
      next(badRequest('The upload could not be read. Try again.', 'bad_upload'));
    });
  };
}

export function soilRouter(context: AppContext): Router {
  const { db, env } = context;
  const soil = soilService(db, providerOf(env.DATABASE_URL));
  const policy = requestPolicy(context);
  const router = Router();
  const noStore = { 'Cache-Control': 'no-store' };
  const findMember = async (id: string) => {
    const member = await db.user.findUnique({ where: { id }, select: { id: true, firstName: true, lastName: true, email: true } });
    if (!member) throw notFound(MEMBER_NOT_FOUND_MESSAGE, 'member_not_found');
    return member;
  };

  // ---- Staff ----

  const listQuery = validate({ query: soilSampleListQuerySchema });
  router.get('/admin/soil-samples', requireAdmin, listQuery, async (req, res) => {
    res.set(noStore).json(await soil.list(listQuery.input(req).query));
  });

  router.get('/admin/soil-samples.csv', requireAdmin, listQuery, async (req, res) => {
    const csv = await soil.csv(listQuery.input(req).query);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="soil-samples-${perthCalendarDate(new Date())}.csv"`, 'Cache-Control': 'private, no-store' }).send(csv);
  });

  const farmQuery = validate({ query: soilFarmQuerySchema });
  router.get('/admin/soil-samples/farm', requireAdmin, farmQuery, async (req, res) => {
    res.set(noStore).json(await soil.farm(await findMember(farmQuery.input(req).query.memberId)));
  });

  const createBody = validate({ body: adminSoilSampleInputSchema });
  router.post('/admin/soil-samples', requireAdmin, createBody, async (req, res) => {
    const { memberId, ...input } = createBody.input(req).body;
    res.status(201).json({ sample: await soil.create(await findMember(memberId), input, { enteredBy: 'staff', enteredById: signedInUser(req).id }) });
  });

  const loaded = loadedRecord<NonNullable<Awaited<ReturnType<typeof db.soilSample.findUnique>>>>('soil sample');
  const sampleParams = validate({ params: recordParamsSchema });
  const loadSample: RequestHandler = async (req, _res, next) => {
    const sample = await db.soilSample.findUnique({ where: { id: sampleParams.input(req).params.id } });
    if (!sample) throw notFound('That soil sample does not exist; it may have been deleted.', 'soil_sample_not_found');
    loaded.set(req, sample);
    next();
  };

  const updateBody = validate({ body: soilSampleInputSchema });
  router.put('/admin/soil-samples/:id', requireAdmin, sampleParams, loadSample, updateBody, async (req, res) => {
    res.json({ sample: await soil.update(loaded.get(req), updateBody.input(req).body) });
  });

  router.delete('/admin/soil-samples/:id', requireAdmin, sampleParams, loadSample, async (req, res) => {
    await soil.remove(loaded.get(req));
    res.status(204).end();
  });

  const importFields = validate({ body: soilImportFieldsSchema });
  router.post('/admin/soil-samples/import/preview', requireAdmin, csvUpload(), importFields, async (req, res) => {
    const { memberId, ...fields } = importFields.input(req).body;
    res.set(noStore).json(await soil.previewImport(await findMember(memberId), req.file, fields));
  });

  router.post('/admin/soil-samples/import', requireAdmin, csvUpload(), importFields, async (req, res) => {
    const { memberId, ...fields } = importFields.input(req).body;
    res.status(201).json(await soil.commitImport(await findMember(memberId), req.file, fields, signedInUser(req).id));
  });

  // ---- The member (or whoever may act for them) ----

  const memberQuery = validate({ query: memberQuerySchema });
  router.get('/user/soil-samples', requireUser, memberQuery, async (req, res) => {
    const member = await policy.member(req, memberQuery.input(req).query.memberId, 'read');
    res.set(noStore).json(await soil.farm(member));
  });

  const writableMember = policy.memberFor('write', (req) => memberQuery.input(req).query.memberId);
  const memberBody = validate({ body: soilSampleInputSchema });
  router.post('/user/soil-samples', requireUser, memberQuery, writableMember, memberBody, async (req, res) => {
    res.status(201).json({ sample: await soil.create(policy.memberInScope(req), memberBody.input(req).body, { enteredBy: 'member', enteredById: signedInUser(req).id }) });
  });

  return router;
}
