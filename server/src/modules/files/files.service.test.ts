import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { readImageSize } from '../../lib/images';
import { cameraTime, readPhotoMetadata } from './files.service';

it('reads a camera’s clock at the offset it wrote, else on Perth’s clock, and nothing from what is not a time', () => {
  expect(cameraTime('2026:11:20 15:42:00', undefined)?.toISOString()).toBe('2026-11-20T07:42:00.000Z');
  expect(cameraTime('2026:11:20 15:42:00', '+10:30')?.toISOString()).toBe('2026-11-20T05:12:00.000Z');
  expect(cameraTime('2026:11:20 15:42:00', 'local')?.toISOString()).toBe('2026-11-20T07:42:00.000Z');
  for (const nonsense of ['0000:00:00 00:00:00', 'yesterday', '', 42, undefined]) expect(cameraTime(nonsense, undefined)).toBeNull();
});

/** Photos real cameras wrote, as published (fixtures/published/SOURCES.md). */
const published = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/published/${name}`, import.meta.url)));

it('reads the time and place real cameras wrote, and nothing, without an error, from EXIF that broke other readers', async () => {
  expect(await readPhotoMetadata(published('nikon-coolpix-gps-DSCN0010.jpg'))).toEqual({
    // No offset beside the clock: read on Perth's.
    takenAt: new Date('2008-10-22T08:28:39.000Z'),
    latitude: expect.closeTo(43.467448, 5),
    longitude: expect.closeTo(11.885127, 5),
  });
  expect(await readPhotoMetadata(published('zero-length-string-67.jpg'))).toEqual({ takenAt: null, latitude: 51.025, longitude: expect.closeTo(7.591944, 5) });
  expect(await readPhotoMetadata(published('lens-data-32.jpeg'))).toEqual({ takenAt: new Date('2012-07-14T08:30:12.000Z'), latitude: null, longitude: null });
  expect(await readPhotoMetadata(published('invalid-exif-image01137.jpg'))).toEqual({ takenAt: null, latitude: null, longitude: null });
  // Each is an image the copies can be made of, as wide as it is.
  for (const [name, width] of [
    ['nikon-coolpix-gps-DSCN0010.jpg', 640],
    ['zero-length-string-67.jpg', 4032],
    ['lens-data-32.jpeg', 200],
    ['invalid-exif-image01137.jpg', 88],
  ] as const) {
    expect(await readImageSize(published(name))).toMatchObject({ format: 'jpeg', uprightWidth: width });
  }
});
