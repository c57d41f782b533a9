import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import request from 'supertest';
import sharp from 'sharp';
import { claimBeforeCoverMessage } from '@shared/domain/protection/lifecycle';
import { IDEMPOTENCY_KEY_HEADER } from '@shared/contracts/idempotency-headers';
import { IDEMPOTENCY_KEY_REQUIRED_MESSAGE } from '@shared/contracts/idempotency';
import { formatDate, formatLongDate } from '@shared/format';
import { addDays, perthToday } from '@shared/perth-time';
import { IMAGE_WIDTHS } from '@shared/constants';
import type { SqliteJobQueue } from '../../jobs/sqlite-job-queue';
import { createBlobStore } from '../../lib/blob-store';
import type * as Images from '../../lib/images';
import { openImage, readImageSize } from '../../lib/images';
import { TEST_PASSWORD, waitForEmailTo } from '../../testing/accounts';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createApplication, createDashboardWorld, jpegWithExif, TINY_JPEG } from '../../testing/dashboard-fixtures';
import { storeFile } from '../files/files.service';
import { IMAGE_COPIES_QUEUE, IMAGE_COPIES_RETRY, imageCopiesJob } from '../files/image-variants';

// Every image the server opens goes through lib/images.ts; spied on, so a test can say none was opened on a request.
vi.mock('../../lib/images', async (importOriginal) => {
  const actual = await importOriginal<typeof Images>();
  return { ...actual, openImage: vi.fn(actual.openImage), readImageSize: vi.fn(actual.readImageSize) };
});

type World = Awaited<ReturnType<typeof createDashboardWorld>>;
let world: World;
let t: World['t'],
  users: World['users'],
  agents: World['agents'],
  accepted: World['accepted'],
  submitted: World['submitted'],
  paddockIds: World['paddockIds'],
  lodge: World['lodge'],
  claimFields: World['claimFields'];

beforeAll(async () => {
  // The jobs on the BackgroundJob runner (either database), run by the tests; only the photo copies' job is registered.
  world = await createDashboardWorld({ jobClock: () => new Date() });
  ({ t, users, agents, accepted, submitted, paddockIds, lodge, claimFields } = world);
  t.context.jobs.register(IMAGE_COPIES_QUEUE, imageCopiesJob({ db: t.db, logger: t.context.logger, blobs: createBlobStore(t.env) }), IMAGE_COPIES_RETRY);
});
/** Runs every due job; answers how many photo-copy jobs completed (the e-mail sweep, due each minute on the real clock, is not theirs to count). */
const runJobs = async () => {
  const completed = () => t.db.backgroundJob.count({ where: { queue: IMAGE_COPIES_QUEUE, state: 'completed' } });
  const before = await completed();
  await (t.context.jobs as SqliteJobQueue).runDueJobs();
  return (await completed()) - before;
};
afterAll(() => world.t.close());

describe('claims', () => {
  let claimId = '';
  let photoUrl = '';

  it('lodges a claim with a photo, keeping the time and place the camera recorded', async () => {
    const response = await lodge(agents.member, claimFields(), [{ bytes: jpegWithExif(), name: 'hail.jpg' }]);
    expect(response.status).toBe(201);
    const claim = response.body.claim;
    claimId = claim.id;
    expect(claim).toMatchObject({ status: 'lodged', peril: 'hail', eventDate: '2026-10-14', estimatedLossCents: 4_000_000, reference: 'CLM-2026-00001' });
    expect(claim.affectedPaddocks.map((p: { name: string }) => p.name)).toEqual(['North Paddock', 'Creek Flat']);
    // Hurdle: 5% of $300,000 + 15% of $200,000 = $45,000; the $40,000 estimate is within it.
    expect(claim.hurdle).toMatchObject({ hurdleCents: 4_500_000, aboveHurdleCents: 0, clearsHurdle: false });
    expect(claim.photos).toHaveLength(1);
    expect(claim.photos[0]).toMatchObject({ fileName: 'hail.jpg', latitude: expect.closeTo(-31.6512, 4), longitude: expect.closeTo(117.2345, 4) });
    // The camera wrote 16:32:05 with no zone: Perth's clock, whatever this server's own.
    expect(claim.photos[0].takenAt).toBe('2026-10-14T08:32:05.000Z');
    photoUrl = claim.photos[0].url;
  });

  it('serves the photo only to those who may see the claim', async () => {
    const own = await agents.member.get(photoUrl).buffer(true);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(Buffer.from(own.body), jpegWithExif())).toBe(0);
    expect((await agents.broker.get(photoUrl)).status).toBe(200);
    expect((await agents.admin.get(photoUrl)).status).toBe(200);
    expect((await agents.other.get(photoUrl)).status).toBe(404);
    expect((await agents.otherBroker.get(photoUrl)).status).toBe(404);
    expect((await request(t.app).get(photoUrl)).status).toBe(401);
  });

  it('keeps the bytes in the local blob folder', () => {
    const folders = readdirSync(t.env.BLOB_DIR, { recursive: true }).map(String);
    expect(folders.some((name) => name.endsWith('.jpg'))).toBe(true);
  });

  it('shows the claim to the member, their broker and staff, and hides it from others', async () => {
    expect((await agents.member.get(`/api/claims/${claimId}`)).status).toBe(200);
    expect((await agents.broker.get(`/api/claims/${claimId}`)).status).toBe(200);
    expect((await agents.admin.get(`/api/claims/${claimId}`)).status).toBe(200);
    expect((await agents.other.get(`/api/claims/${claimId}`)).status).toBe(404);
    expect((await agents.otherBroker.get(`/api/claims/${claimId}`)).status).toBe(404);
    const list = await agents.member.get('/api/claims');
    expect(list.body.claims.map((c: { id: string }) => c.id)).toEqual([claimId]);
    expect((await agents.other.get('/api/claims')).body.claims).toEqual([]);
    expect((await agents.other.get(`/api/claims?memberId=${users.member.id}`)).status).toBe(403);
  });

  it('refuses files that are not photos, photos over 10 MB and more than 6 at once', async () => {
    const pdf = await lodge(agents.member, claimFields(), [{ bytes: Buffer.from('%PDF-1.7 not a photo'), name: 'photo.jpg' }]);
    expect(pdf.status).toBe(415);
    expect(pdf.body.message).toContain('JPEG, PNG, HEIC or WebP');
    const big = Buffer.concat([TINY_JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await lodge(agents.member, claimFields(), [{ bytes: big, name: 'big.jpg' }]);
    expect(tooBig.status).toBe(413);
    const many = await lodge(
      agents.member,
      claimFields(),
      Array.from({ length: 7 }, (_, i) => ({ bytes: TINY_JPEG, name: `p${i}.jpg` })),
    );
    expect(many.status).toBe(400);
    expect((await agents.member.get('/api/claims')).body.claims).toHaveLength(1);
  });

  it('refuses a pixel bomb (a 32 KB PNG that decodes to 16,383 × 16,383 pixels) with a sentence, and keeps nothing of the claim', async () => {
    const bomb = pngDeclaring(16_383, 16_383);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const claimsBefore = await t.db.claim.count();
    const filesBefore = await t.db.storedFile.count();
    const blobsBefore = readdirSync(t.env.BLOB_DIR, { recursive: true }).length;
    const refused = await lodge(agents.member, claimFields(), [
      { bytes: TINY_JPEG, name: 'fine.jpg' },
      { bytes: bomb, name: 'paddock.png' },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: 'photo_too_many_pixels',
      message:
        '“paddock.png” is 16,383 × 16,383 pixels (268 megapixels); a photo can be up to 50 megapixels and 20,000 pixels on its longest side. Send a smaller copy of it: most phones make one when you share the photo at a smaller size.',
    });
    expect(await t.db.claim.count()).toBe(claimsBefore);
    expect(await t.db.storedFile.count()).toBe(filesBefore);
    expect(readdirSync(t.env.BLOB_DIR, { recursive: true })).toHaveLength(blobsBefore);
    // Nor added to a claim later; a photo of 20,001 pixels on a side (2 megapixels) is refused too.
    const added = await agents.member.post(`/api/claims/${claimId}/photos`).attach('photos', bomb, 'paddock.png');
    expect(added.status).toBe(422);
    const strip = await agents.member.post(`/api/claims/${claimId}/photos`).attach('photos', pngDeclaring(20_001, 100), 'panorama.png');
    expect(strip.status).toBe(422);
    expect(strip.body.message).toContain('“panorama.png” is 20,001 × 100 pixels');
    expect(await t.db.claimPhoto.count({ where: { claimId } })).toBe(1);
  });

  it('refuses a damaged photo with a sentence, not a server error', async () => {
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(100, 1)]);
    const refused = await lodge(agents.member, claimFields(), [{ bytes: damaged, name: 'broken.jpg' }]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'photo_unreadable', message: expect.stringContaining('“broken.jpg” could not be read as a picture') });
  });

  it('counts a paddock named twice in one claim once, so the claim is never worth more than the paddocks it names', async () => {
    const [north] = paddockIds();
    const response = await lodge(agents.member, claimFields({ affectedPaddockIds: [north!, north!, north!, ` ${north!}`] }));
    expect(response.status).toBe(201);
    expect(response.body.claim.affectedPaddocks.map((p: { name: string }) => p.name)).toEqual(['North Paddock']);
    // 5% of North Paddock's $300,000 alone.
    expect(response.body.claim.hurdle).toMatchObject({ hurdleCents: 1_500_000 });
  });

  it('keeps a claim for more than $21,474,836.47, which a large farm’s loss can be and an integer column could not hold', async () => {
    const response = await lodge(agents.member, claimFields({ estimatedLossDollars: '25000000' }));
    expect(response.status).toBe(201);
    expect(response.body.claim.estimatedLossCents).toBe(2_500_000_000);
    expect((await agents.member.get(`/api/claims/${response.body.claim.id}`).expect(200)).body.claim.estimatedLossCents).toBe(2_500_000_000);
  });

  it('answers bad claims with the reason', async () => {
    const cases: Array<[Record<string, string | string[]>, number, string]> = [
      [{ peril: 'flood' }, 400, 'hail'],
      [{ eventDate: '2099-01-01' }, 400, 'future'],
      // No day of the calendar: it was stored, and then broke staff's claims list (its corroboration counts days from it).
      [{ eventDate: '2026-11-00' }, 400, 'Give the day of the damage as YYYY-MM-DD'],
      // Cover recorded neither by a payment nor by staff marking it active: from the day it was applied for.
      [{ eventDate: '2026-04-01' }, 400, 'Cover on this protection started on 1 May 2026'],
      [{ affectedPaddockIds: [] }, 400, 'Choose at least one affected paddock'],
      [{ affectedPaddockIds: ['nope'] }, 400, 'paddocks on the protection'],
      [{ affectedPaddockIds: [accepted.paddocks[2]!.id] }, 400, 'paddocks on the protection'],
      [{ estimatedLossDollars: '-5' }, 400, 'negative'],
      [{ description: 'hail' }, 400, 'at least 10'],
      [{ applicationId: submitted.id }, 400, 'Cover on this application has not started'],
    ];
    for (const [overrides, status, text] of cases) {
      const response = await lodge(agents.member, claimFields(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(status);
      expect(response.body.message).toContain(text);
    }
    // Accepted and invoiced but unpaid: cover has not started, so the board has nothing to consider a claim under.
    const unpaid = await createApplication(t.db, users.member.id, { status: 'accepted', coverageType: 'both' });
    const beforeCover = await lodge(agents.member, claimFields({ applicationId: unpaid.id, affectedPaddockIds: [unpaid.paddocks[0]!.id] }));
    expect(beforeCover.status).toBe(400);
    expect(beforeCover.body.message).toBe(claimBeforeCoverMessage('member'));
    // Their broker lodging it for them is told in a broker's words: the first payment is the client's.
    const byBroker = await lodge(agents.broker, claimFields({ memberId: users.member.id, applicationId: unpaid.id, affectedPaddockIds: [unpaid.paddocks[0]!.id] }));
    expect(byBroker.status).toBe(400);
    expect(byBroker.body.message).toBe(claimBeforeCoverMessage('client'));
    expect(byBroker.body.message).toContain('when your client’s first payment reaches us');
    const fire = await createApplication(t.db, users.member.id, { status: 'active', coverageType: 'fire' });
    const wrongPeril = await lodge(agents.member, claimFields({ applicationId: fire.id, affectedPaddockIds: [fire.paddocks[0]!.id] }));
    expect(wrongPeril.body.message).toBe('That protection does not cover this peril.');
  });

  it('takes damage only while cover ran: not before the first payment reached us, nor after the season’s cover ended', async () => {
    // The money arrived five days ago and staff record it today: the member is told cover runs from the day it arrived, and claims agree.
    const paid = await createApplication(t.db, users.member.id, { status: 'accepted', coverageType: 'both' });
    const invoice = await t.db.invoice.findFirstOrThrow({ where: { applicationId: paid.id } });
    const arrived = addDays(perthToday(), -5);
    expect((await agents.admin.post(`/api/invoices/${invoice.id}/payments`).send({ amountDollars: 100, receivedOn: arrived, method: 'eft' })).status).toBe(201);
    await runJobs(); // the e-mail goes through the job queue, which this file's tests run
    expect(await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, users.member.email, 'You are protected from')).toContain(`You are protected from ${formatLongDate(arrived)}`);
    const onPaddock = (eventDate: string) => claimFields({ applicationId: paid.id, affectedPaddockIds: [paid.paddocks[0]!.id], eventDate });
    const beforeCover = await lodge(agents.member, onPaddock(addDays(arrived, -1)));
    expect(beforeCover.status).toBe(400);
    expect(beforeCover.body).toMatchObject({
      error: 'event_before_cover',
      message: `Cover on this protection started on ${formatDate(arrived)}: the board considers claims only for damage from that day on. If the damage happened before it, tell us through Help all the same and we will talk it through with you.`,
    });
    expect((await lodge(agents.member, onPaddock(arrived))).status).toBe(201);

    // Last season's protection, which nobody has ended: its cover ran to 31 March 2026.
    const lastSeason = await createApplication(t.db, users.member.id, { status: 'active', coverageType: 'both', seasonYear: 2025, submittedAt: new Date('2025-05-01T02:00:00Z') });
    const afterEnd = await lodge(agents.member, claimFields({ applicationId: lastSeason.id, affectedPaddockIds: [lastSeason.paddocks[0]!.id], eventDate: '2026-04-15' }));
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.body).toMatchObject({ error: 'event_after_cover', message: 'Cover on this protection ended on 31 Mar 2026: the board considers claims only for damage while cover ran.' });
    expect((await lodge(agents.member, claimFields({ applicationId: lastSeason.id, affectedPaddockIds: [lastSeason.paddocks[0]!.id], eventDate: '2026-03-31' }))).status).toBe(201);
  });

  it('lets the broker of record lodge for their client, and no one else', async () => {
    const byBroker = await lodge(agents.broker, claimFields({ memberId: users.member.id, peril: 'fire', affectedPaddockIds: [paddockIds()[0]!] }));
    expect(byBroker.status).toBe(201);
    expect(byBroker.body.claim.userId).toBe(users.member.id);
    expect((await lodge(agents.otherBroker, claimFields({ memberId: users.member.id }))).status).toBe(403);
    expect((await lodge(agents.other, claimFields({ memberId: users.member.id }))).status).toBe(403);
    // Someone else's protection, claimed as one's own, is simply not theirs.
    expect((await lodge(agents.other, claimFields())).body.message).toBe('Choose one of your protections for this claim.');
  });

  it('keeps nothing of a claim the database refuses part of, even when it cannot clean up, and keeps it whole when sent again', async () => {
    const kept = async () => ({
      claims: await t.db.claim.count({ where: { userId: users.member.id } }),
      files: await t.db.storedFile.count(),
      blobs: readdirSync(t.env.BLOB_DIR, { recursive: true }).filter((name) => statSync(join(t.env.BLOB_DIR, String(name))).isFile()).length,
    });
    const before = await kept();
    const photos = [
      { bytes: jpegWithExif(), name: 'refused-1.jpg' },
      { bytes: TINY_JPEG, name: 'refused-2.jpg' },
    ];
    // The database takes the claim but refuses its photos, and then any clean-up (a disk gone full, a database going read-only).
    const lifts = [await refuseWritesOf(t.db, t.env.DATABASE_URL, 'ClaimPhoto', 'INSERT'), await refuseWritesOf(t.db, t.env.DATABASE_URL, 'Claim', 'DELETE')];
    try {
      const refused = await lodge(agents.member, claimFields(), photos).set(IDEMPOTENCY_KEY_HEADER, 'lodging-refused-0003');
      expect(refused.status).toBe(500);
      expect(refused.body.message).toBe('Something went wrong on our side. Please try again in a moment.');
    } finally {
      for (const lift of lifts) await lift();
    }
    // No claim without its photos for staff to assess, no file without its claim.
    expect(await kept()).toEqual(before);
    // Sent again with the same key (the member's retry): a new claim with both photos, not a replay of half of one.
    const again = await lodge(agents.member, claimFields(), photos).set(IDEMPOTENCY_KEY_HEADER, 'lodging-refused-0003');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.claim.photos.map((photo: { fileName: string }) => photo.fileName)).toEqual(['refused-1.jpg', 'refused-2.jpg']);
  });

  it('keeps a claim once however often its lodging is sent again with the same Idempotency-Key, even two at once, and tells the repeat so', async () => {
    const sendings = () => t.db.claim.count({ where: { userId: users.member.id } });
    const before = await sendings();
    const photosBefore = await t.db.claimPhoto.count();
    // The answer lost on the way back: the form sends the same lodging again, photo and all.
    const first = await lodge(agents.member, claimFields(), [{ bytes: jpegWithExif(), name: 'lost-answer.jpg' }]).set(IDEMPOTENCY_KEY_HEADER, 'lodging-lost-answer-0001');
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await lodge(agents.member, claimFields(), [{ bytes: jpegWithExif(), name: 'lost-answer.jpg' }]).set(IDEMPOTENCY_KEY_HEADER, 'lodging-lost-answer-0001');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.claim).toMatchObject({ id: first.body.claim.id, reference: first.body.claim.reference, photos: [expect.objectContaining({ fileName: 'lost-answer.jpg' })] });
    expect(await sendings()).toBe(before + 1);
    expect(await t.db.claimPhoto.count()).toBe(photosBefore + 1);
    // A double press: two at once with a new key keep one claim, and both answer it.
    const both = await Promise.all([1, 2].map(() => lodge(agents.member, claimFields()).set(IDEMPOTENCY_KEY_HEADER, 'lodging-double-press-0002')));
    expect(both.map((answer) => answer.status)).toEqual([201, 201]);
    expect(both[0]!.body.claim.id).toBe(both[1]!.body.claim.id);
    expect(await sendings()).toBe(before + 2);
    // The key is the claim owner's: their broker sending the lodging again for them finds the same claim; another member sending the same key is not answered it.
    const byBroker = await lodge(agents.broker, claimFields({ memberId: users.member.id })).set(IDEMPOTENCY_KEY_HEADER, 'lodging-lost-answer-0001');
    expect(byBroker.body.claim.id).toBe(first.body.claim.id);
    const stranger = await lodge(agents.other, claimFields()).set(IDEMPOTENCY_KEY_HEADER, 'lodging-lost-answer-0001');
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Choose one of your protections for this claim.');
    // Without a key each sending is a claim of its own, as before; a key that is not one is refused with what to send.
    expect((await lodge(agents.member, claimFields())).status).toBe(201);
    expect(await sendings()).toBe(before + 3);
    const badKey = await lodge(agents.member, claimFields()).set(IDEMPOTENCY_KEY_HEADER, 'short');
    expect(badKey.status).toBe(400);
    expect(badKey.body.message).toBe(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
    expect(await sendings()).toBe(before + 3);
  });

  it('keeps a photo once however often it is sent: chosen twice in one lodging, or sent again after an answer was lost', async () => {
    const photo = jpegWithExif();
    const lodged = await lodge(agents.member, claimFields(), [
      { bytes: photo, name: 'chosen-twice.jpg' },
      { bytes: photo, name: 'chosen-twice copy.jpg' },
    ]);
    expect(lodged.status).toBe(201);
    expect(lodged.body.claim.photos.map((kept: { fileName: string }) => kept.fileName)).toEqual(['chosen-twice.jpg']);
    const id = lodged.body.claim.id as string;
    const more = () => agents.member.post(`/api/claims/${id}/photos`).attach('photos', TINY_JPEG, 'later.jpg').attach('photos', photo, 'chosen-twice again.jpg');
    expect((await more()).body.claim.photos.map((kept: { fileName: string }) => kept.fileName)).toEqual(['chosen-twice.jpg', 'later.jpg']);
    const again = await more();
    expect(again.status).toBe(201);
    expect(again.body.claim.photos.map((kept: { fileName: string }) => kept.fileName)).toEqual(['chosen-twice.jpg', 'later.jpg']);
    expect(await t.db.claimPhoto.count({ where: { claimId: id } })).toBe(2);
  });

  it('adds photos later, and the member and staff talk on the claim', async () => {
    const more = await agents.member.post(`/api/claims/${claimId}/photos`).attach('photos', TINY_JPEG, 'second.jpg');
    expect(more.status).toBe(201);
    expect(more.body.claim.photos[1]).toMatchObject({ fileName: 'second.jpg', takenAt: null, latitude: null });
    expect((await agents.other.post(`/api/claims/${claimId}/photos`).attach('photos', TINY_JPEG, 'x.jpg')).status).toBe(404);
    const mine = await agents.member.post(`/api/claims/${claimId}/messages`).send({ body: 'The assessor can reach the paddock by the east gate.' });
    expect(mine.status).toBe(201);
    const staff = await agents.admin.post(`/api/claims/${claimId}/messages`).send({ body: 'Thanks, an assessor will call tomorrow.' });
    expect(staff.body.claim.messages.at(-1)).toMatchObject({ fromStaff: true, author: 'staff', body: 'Thanks, an assessor will call tomorrow.' });
    expect(staff.body.claim.messages.at(-2)).toMatchObject({ fromStaff: false, author: 'member' });
    const fromBroker = await agents.broker.post(`/api/claims/${claimId}/messages`).send({ body: 'I will meet the assessor on the day.' });
    expect(fromBroker.body.claim.messages.at(-1)).toMatchObject({ fromStaff: false, author: 'broker' });
    expect((await agents.other.post(`/api/claims/${claimId}/messages`).send({ body: 'Hello there' })).status).toBe(404);
    expect((await agents.member.post(`/api/claims/${claimId}/messages`).send({ body: '' })).status).toBe(400);
  });

  it('lets only staff move a claim, along the allowed paths, and e-mails the member', async () => {
    expect((await agents.member.put(`/api/claims/${claimId}/status`).send({ status: 'paid' })).status).toBe(403);
    expect((await agents.broker.put(`/api/claims/${claimId}/status`).send({ status: 'accepted' })).status).toBe(403);
    const moved = await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'under_assessment', message: 'Assessor booked for Thursday.' });
    expect(moved.status).toBe(200);
    expect(moved.body.claim.status).toBe('under_assessment');
    expect((await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'paid' })).status).toBe(409);
    expect((await agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'nonsense' })).status).toBe(400);
    // The member's e-mail goes through the mail queue, which this test runs by hand.
    await runJobs();
    expect((await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, 'grower@example.com', 'Under assessment')).length).toBeGreaterThan(0);
  });
});

describe('uploads refused before they are read, and staff and broker steps in the audit log', () => {
  /**
   * Sends 64 KB of a declared 50 MB photo upload as `email` and resolves with the status: the answer
   * has to come without the rest of the body, or the server was reading it.
   */
  async function statusOfPartialUpload(email: string, path: string): Promise<number> {
    const signIn = await request(t.app).post('/api/auth/signin').set('Sec-Fetch-Site', 'same-origin').send({ email, password: TEST_PASSWORD });
    const cookie = (signIn.headers['set-cookie'] as unknown as string[]).map((line) => line.split(';')[0]).join('; ');
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const declared = 50 * 1024 * 1024;
    const firstChunk = Buffer.concat([Buffer.from('--edge\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'), Buffer.alloc(64 * 1024, 0xff)]);
    try {
      return await new Promise<number>((resolve, reject) => {
        const upload = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path,
          headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'multipart/form-data; boundary=edge', 'Content-Length': String(declared) },
        });
        const timer = setTimeout(() => reject(new Error('No answer while the body was still unsent: the server waited to read it')), 5_000);
        upload.on('response', (response) => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
          upload.destroy();
        });
        upload.on('error', (error) => {
          if (!upload.destroyed) reject(error);
        });
        upload.write(firstChunk);
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('answers a photo upload to a claim the caller may not write before reading the body', async () => {
    const lodged = await lodge(agents.member, claimFields({ description: 'Hail on the east paddocks, photos to follow.' }));
    expect(lodged.status).toBe(201);
    const claimId = lodged.body.claim.id as string;
    expect(await statusOfPartialUpload(users.other.email, `/api/claims/${claimId}/photos`)).toBe(404);
    expect((await findClaimPhotos(claimId)).length).toBe(0);
  });

  it('answers a new claim for a member the broker does not serve before reading its photos', async () => {
    const before = await t.db.claim.count();
    expect(await statusOfPartialUpload(users.otherBroker.email, `/api/claims?memberId=${users.member.id}`)).toBe(403);
    expect(await t.db.claim.count()).toBe(before);
  });

  it('writes staff decisions on a claim to the audit log', async () => {
    const claim = (await agents.member.get('/api/claims')).body.claims.find((item: { status: string }) => item.status === 'lodged');
    expect((await agents.admin.put(`/api/claims/${claim.id}/status`).send({ status: 'under_assessment' })).status).toBe(200);
    const entries = await t.db.auditLog.findMany({ where: { action: 'claim.status_changed', customerId: users.member.id } });
    expect(entries.map((entry) => ({ actorId: entry.actorId, details: entry.details }))).toContainEqual({
      actorId: users.admin.id,
      details: { claimId: claim.id, reference: claim.reference, from: 'lodged', to: 'under_assessment' },
    });
  });

  it('writes a broker’s changes to a client’s claims, paddocks and payment option to the audit log, and not the member’s own', async () => {
    const entries = () => t.db.auditLog.findMany({ where: { actorId: users.broker.id, customerId: users.member.id, action: 'broker.change' } });
    const before = (await entries()).length;
    const claimId = (await agents.member.get('/api/claims')).body.claims[0].id as string;
    expect((await agents.broker.post(`/api/claims/${claimId}/messages`).send({ body: 'Assessor booked for Tuesday.' })).status).toBe(201);
    expect((await agents.broker.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks: [{ name: 'Broker Paddock', areaHa: 12 }] })).status).toBe(200);
    expect((await agents.otherBroker.put(`/api/farm/paddocks?memberId=${users.member.id}`).send({ paddocks: [] })).status).toBe(403);
    expect((await agents.member.put('/api/farm/paddocks').send({ paddocks: [{ name: 'My Paddock', areaHa: 10 }] })).status).toBe(200);
    await expect
      .poll(async () => (await entries()).slice(before).map((entry) => entry.details))
      .toEqual([
        { method: 'POST', path: `/api/claims/${claimId}/messages`, status: 201, succeeded: true },
        { method: 'PUT', path: '/api/farm/paddocks', status: 200, succeeded: true },
      ]);
    expect(await t.db.auditLog.count({ where: { actorId: { in: [users.member.id, users.otherBroker.id] }, action: 'broker.change' } })).toBe(0);
  });
});

describe('claim photos in smaller sizes, made once in a background job (docs/security.md)', () => {
  let cameraPhotoUrl = '';
  let cameraPhoto: Buffer = Buffer.alloc(0);
  const fileIdOf = (url: string) => url.split('/').at(-1)!;
  const photoOf = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 150, g: 120, b: 60 } } })
      .jpeg({ quality: 92 })
      .toBuffer();
  const openedOnRequest = () => [...vi.mocked(openImage).mock.calls, ...vi.mocked(readImageSize).mock.calls];
  const sizeOf = async (response: { body: Buffer }) => sharp(Buffer.from(response.body)).metadata();

  it('answers a copy asked for before the job ran with the photo as stored, not to be kept, and never opens the image on the request', async () => {
    // A 2400 × 1800 camera photo, with the EXIF a phone writes.
    cameraPhoto = jpegWithExif(undefined, undefined, undefined, await photoOf(2400, 1800));
    const lodged = await lodge(agents.member, claimFields(), [{ bytes: cameraPhoto, name: 'storm-damage.jpg' }]);
    expect(lodged.status).toBe(201);
    cameraPhotoUrl = lodged.body.claim.photos[0].url;
    const fileId = fileIdOf(cameraPhotoUrl);
    const queued = () => t.db.backgroundJob.findMany({ where: { queue: IMAGE_COPIES_QUEUE, singletonKey: fileId } });
    expect((await queued()).map((job) => job.data)).toEqual([{ fileId }]);

    vi.mocked(openImage).mockClear();
    vi.mocked(readImageSize).mockClear();
    for (const width of IMAGE_WIDTHS) {
      const early = await agents.member.get(`${cameraPhotoUrl}?w=${width}&q=75`).buffer(true);
      expect(early.status).toBe(200);
      expect(early.headers['content-type']).toBe('image/jpeg');
      expect(early.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(Buffer.from(early.body), cameraPhoto)).toBe(0);
    }
    expect(openedOnRequest()).toEqual([]);
    expect(await copiesOf(cameraPhotoUrl)).toEqual([]);
    // Asked for eight times, queued once.
    expect(await queued()).toHaveLength(1);
  });

  it('makes at once the widths the photo grids use, once each, at quality 75, upright and without the camera’s place and time, and answers the nearest copy made', async () => {
    vi.mocked(openImage).mockClear();
    expect(await runJobs()).toBeGreaterThan(0);
    expect(await copiesOf(cameraPhotoUrl)).toEqual([640, 750, 828, 1080, 1200]);
    // The photo is decoded once for its five copies.
    expect(vi.mocked(openImage)).toHaveBeenCalledTimes(1);

    vi.mocked(openImage).mockClear();
    vi.mocked(readImageSize).mockClear();
    const small = await agents.member.get(`${cameraPhotoUrl}?w=640&q=75`).buffer(true);
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe('private, max-age=300');
    expect(small.headers['content-disposition']).toBe('inline; filename="storm-damage.webp"');
    const shown = await sizeOf(small);
    expect(shown).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(shown.exif).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBeLessThan(cameraPhoto.byteLength / 4);
    // Any quality: the one made, at 75.
    expect(Buffer.compare(Buffer.from((await agents.member.get(`${cameraPhotoUrl}?w=640&q=30`).buffer(true)).body), Buffer.from(small.body))).toBe(0);
    expect(openedOnRequest()).toEqual([]);
  });

  it('makes a wider copy when one is first asked for, answering the widest made meanwhile, not to be kept', async () => {
    const fileId = fileIdOf(cameraPhotoUrl);
    const widerQueued = () => t.db.backgroundJob.findMany({ where: { queue: IMAGE_COPIES_QUEUE, singletonKey: `${fileId}:wider` } });
    vi.mocked(openImage).mockClear();
    vi.mocked(readImageSize).mockClear();
    for (const asked of ['?w=3840', '?w=1920&q=75', '?q=75']) {
      const meanwhile = await agents.member.get(`${cameraPhotoUrl}${asked}`).buffer(true);
      expect(await sizeOf(meanwhile)).toMatchObject({ format: 'webp', width: 1200, height: 900 });
      expect(meanwhile.headers['cache-control']).toBe('private, no-store');
    }
    // A thumbnail's width is already made, and kept by the browser.
    expect((await agents.member.get(`${cameraPhotoUrl}?w=1080`)).headers['cache-control']).toBe('private, max-age=300');
    expect((await widerQueued()).map((job) => job.data)).toEqual([{ fileId, wider: true }]);
    expect(openedOnRequest()).toEqual([]);

    expect(await runJobs()).toBe(1);
    expect(await copiesOf(cameraPhotoUrl)).toEqual([640, 750, 828, 1080, 1200, 1920, 2048]);
    // Wider than any copy: the widest made, never wider than the photo; only ?q=: the widest.
    const widest = await agents.member.get(`${cameraPhotoUrl}?w=3840`).buffer(true);
    expect(await sizeOf(widest)).toMatchObject({ width: 2048, height: 1536 });
    expect(widest.headers['cache-control']).toBe('private, max-age=300');
    expect(await sizeOf(await agents.member.get(`${cameraPhotoUrl}?q=75`).buffer(true))).toMatchObject({ width: 2048 });
    expect(await widerQueued()).toHaveLength(1);
  });

  it('makes nothing twice, and a photo no wider than its thumbnails has no wider copy to wait for', async () => {
    // The job run again makes nothing: no image is opened, no copy written.
    const written = (await copiesIn(cameraPhotoUrl)).map((copy) => statSync(copy.path).mtimeMs);
    vi.mocked(openImage).mockClear();
    for (const wider of [false, true]) await t.context.jobs.enqueue(IMAGE_COPIES_QUEUE, { fileId: fileIdOf(cameraPhotoUrl), wider }, { singletonKey: `${fileIdOf(cameraPhotoUrl)}:again-${wider}` });
    expect(await runJobs()).toBe(2);
    expect(vi.mocked(openImage)).not.toHaveBeenCalled();
    expect((await copiesIn(cameraPhotoUrl)).map((copy) => statSync(copy.path).mtimeMs)).toEqual(written);

    // A phone held upright stores the picture on its side and says so (EXIF orientation 6): the copies are turned, and as wide as the upright photo allows.
    const sideways = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 90, g: 110, b: 70 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await lodge(agents.member, claimFields(), [{ bytes: sideways, name: 'upright.jpg' }]);
    await runJobs();
    expect(await copiesOf(upright.body.claim.photos[0].url)).toEqual([640, 750, 828, 1080, 1200]);
    expect(await sizeOf(await agents.member.get(`${upright.body.claim.photos[0].url}?w=640`).buffer(true))).toMatchObject({ width: 640, height: 853 });
    const widestUpright = await agents.member.get(`${upright.body.claim.photos[0].url}?w=1920`).buffer(true);
    expect(await sizeOf(widestUpright)).toMatchObject({ width: 1200, height: 1600 });
    expect(widestUpright.headers['cache-control']).toBe('private, max-age=300');
    expect(await t.db.backgroundJob.count({ where: { singletonKey: `${fileIdOf(upright.body.claim.photos[0].url)}:wider` } })).toBe(0);
    // As stored without w and q; to others, smaller or not, it does not exist.
    expect((await agents.member.get(cameraPhotoUrl).buffer(true)).headers['content-type']).toBe('image/jpeg');
    expect((await agents.other.get(`${cameraPhotoUrl}?w=640`)).status).toBe(404);
  });

  it('makes the copies of a photo kept before they were a job when one is first asked for, and never decodes one kept over the pixel limit', async () => {
    const blobs = createBlobStore(t.env);
    const keep = (bytes: Buffer, fileName: string, contentType: string, extension: string) =>
      storeFile(t.db, blobs, { ownerId: users.member.id, kind: 'claim_photo', fileName, contentType, extension, bytes, uploadedById: users.member.id });
    const olderBytes = await photoOf(1000, 750);
    const older = await keep(olderBytes, 'older.jpg', 'image/jpeg', 'jpg');
    const bombBytes = pngDeclaring(16_383, 16_383);
    const bomb = await keep(bombBytes, 'bomb.png', 'image/png', 'png');

    vi.mocked(openImage).mockClear();
    vi.mocked(readImageSize).mockClear();
    for (const [file, bytes] of [
      [older, olderBytes],
      [bomb, bombBytes],
    ] as const) {
      const early = await agents.member.get(`/api/files/${file.id}?w=640`).buffer(true);
      expect(early.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(Buffer.from(early.body), bytes)).toBe(0);
      expect(await t.db.backgroundJob.count({ where: { queue: IMAGE_COPIES_QUEUE, singletonKey: file.id } })).toBe(1);
    }
    expect(openedOnRequest()).toEqual([]);

    await runJobs();
    expect(await copiesOf(`/api/files/${older.id}`)).toEqual([640, 750, 828]);
    expect(await sizeOf(await agents.member.get(`/api/files/${older.id}?w=1080`).buffer(true))).toMatchObject({ format: 'webp', width: 828 });
    // The bomb's header was read, its pixels never: no copy, and the photo as stored is the answer for good.
    expect(vi.mocked(openImage)).toHaveBeenCalled();
    expect(vi.mocked(openImage).mock.calls.filter(([bytes]) => Buffer.compare(Buffer.from(bytes), bombBytes) === 0)).toEqual([]);
    expect(await copiesOf(`/api/files/${bomb.id}`)).toEqual([]);
    const asStored = await agents.member.get(`/api/files/${bomb.id}?w=640`).buffer(true);
    expect(asStored.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'private, max-age=300' });
  });

  it('sends a photo it cannot make smaller (HEIC, which sharp’s libvips does not decode) as stored, for the browsers that show it', async () => {
    // The head of an iPhone's HEIC file: its ftyp box; what follows is not a picture sharp can read.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'ascii'), Buffer.alloc(4), Buffer.from('mif1heic', 'ascii'), Buffer.alloc(2048, 7)]);
    const lodged = await lodge(agents.member, claimFields(), [{ bytes: heic, name: 'IMG_0042.HEIC' }]);
    expect(lodged.status).toBe(201);
    const sent = await agents.member.get(`${lodged.body.claim.photos[0].url}?w=640`).buffer(true);
    expect(sent.status).toBe(200);
    expect(sent.headers['content-type']).toBe('image/heic');
    expect(sent.headers['content-disposition']).toBe('inline; filename="IMG_0042.HEIC"');
    expect(Buffer.compare(Buffer.from(sent.body), heic)).toBe(0);
    // No copy is ever made of it, so none is queued.
    expect(await t.db.backgroundJob.count({ where: { queue: IMAGE_COPIES_QUEUE, singletonKey: fileIdOf(lodged.body.claim.photos[0].url) } })).toBe(0);
  });

  it('refuses a width it does not make, a quality outside 1 to 100, and a smaller copy of a file that is not a photo', async () => {
    const width = await agents.member.get(`${cameraPhotoUrl}?w=641`);
    expect(width.status).toBe(400);
    expect(width.body.message).toContain('Choose a width of 640, 750, 828, 1080, 1200, 1920, 2048 or 3840 pixels.');
    const quality = await agents.member.get(`${cameraPhotoUrl}?w=640&q=0`);
    expect(quality.status).toBe(400);
    expect(quality.body.message).toContain('Choose a quality from 1 to 100.');
    const pdf = await world.t.db.storedFile.create({
      data: {
        ownerId: users.member.id,
        kind: 'invoice_pdf',
        storageKey: 'invoice-pdf/2026/11/0123456789abcdef.pdf',
        fileName: 'invoice.pdf',
        contentType: 'application/pdf',
        sizeBytes: 4,
        sha256: 'x',
        uploadedById: null,
      },
    });
    const notAPhoto = await agents.member.get(`/api/files/${pdf.id}?w=640`);
    expect(notAPhoto.status).toBe(400);
    expect(notAPhoto.body.message).toBe('Only photos come in other sizes: ask for this file without w and q.');
  });
});

const findClaimPhotos = (claimId: string) => t.db.claimPhoto.findMany({ where: { claimId } });

/** A stored file's copies in the blob folder (width and path), narrowest first. */
async function copiesIn(url: string): Promise<Array<{ width: number; path: string }>> {
  const file = await t.db.storedFile.findUniqueOrThrow({ where: { id: url.split('/').at(-1)! } });
  const copy = new RegExp(`^variants/${file.storageKey.replace(/\.\w+$/, '')}-w(\\d+)-q75\\.webp$`);
  return readdirSync(t.env.BLOB_DIR, { recursive: true })
    .map((name) => String(name).split(sep).join('/'))
    .flatMap((name) => {
      const match = copy.exec(name);
      return match ? [{ width: Number(match[1]), path: join(t.env.BLOB_DIR, name) }] : [];
    })
    .sort((a, b) => a.width - b.width);
}
const copiesOf = async (url: string) => (await copiesIn(url)).map((copy) => copy.width);

/** A complete, valid PNG of width × height black pixels, one bit each: a few kilobytes that decode to width × height. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, greyscale, no interlace
  const rows = deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}
