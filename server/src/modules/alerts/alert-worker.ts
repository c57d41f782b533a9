/**
 * The heavy half of an alert message, in a worker thread (alert-work.ts runs it): reading the XML
 * or GeoJSON and drawing and merging its shapes, then laying each event over the paddocks. A hostile
 * or merely huge message costs this thread, never the one answering requests, and is stopped at
 * its time limit. Started through alert-worker.bootstrap.mjs in development and tests.
 */
import type { AlertGeometry, IncomingAlertEvent } from '@shared/contracts/alerts';
import { districtsArea } from '@shared/domain/alerts/districts';
import { eventAreaKm2, type Reach, reachTakesIn } from '@shared/domain/alerts/geometry';
import { type AlertMatch, type AlertPaddockIndex, alertCandidates, indexAlertPaddocks, type LiveApplication, type LivePaddock, matchAlert } from '@shared/domain/alerts/matching';
import { AppError } from '../../lib/app-error';
import { alertDistricts } from './alert-districts';
import { WARM_UP_ROUNDS, warmUpDistrict } from './alert-warm-up';
import type { AlertMessage } from './incoming-message';
import { readAlertMessage } from './alert-messages';

/** An AppError does not cross threads as itself (only its message would), so a refusal is answered as data. */
export type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; status: number; code: string; message: string };

export interface Placement {
  matches: AlertMatch[];
  areaKm2: number;
}

/** The message's events; a warning named only by districts is placed on their boundaries when the districts file has every one. */
export function read({ message, districtsFile }: { message: AlertMessage; districtsFile: string | undefined }): WorkerAnswer<IncomingAlertEvent[]> {
  try {
    const events = readAlertMessage(message.contentType, message.body);
    const districts = alertDistricts(districtsFile);
    return { ok: true, value: events.map((event) => (event.geometry || event.areaCodes.length === 0 ? event : { ...event, geometry: districtsArea(event.areaCodes, districts) })) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, status: error.status, code: error.code, message: error.message };
    throw error;
  }
}

function indexPages(pages: readonly string[]): AlertPaddockIndex {
  const applications: LiveApplication[] = [];
  const paddocks: LivePaddock[] = [];
  for (const page of pages) {
    const read = JSON.parse(page) as { applications: LiveApplication[]; paddocks: LivePaddock[] };
    applications.push(...read.applications);
    paddocks.push(...read.paddocks);
  }
  return indexAlertPaddocks(alertCandidates(applications, paddocks));
}

const placeOn = (index: AlertPaddockIndex, geometries: readonly AlertGeometry[]): Placement[] => geometries.map((geometry) => ({ matches: matchAlert(index, geometry), areaKm2: eventAreaKm2(geometry) }));

/** Each geometry's members and paddocks, over one index built for the batch from the pages of live paddocks (readAlertPaddockPages). */
export function place({ geometries, pages }: { geometries: AlertGeometry[]; pages: string[] }): Placement[] {
  return placeOn(indexPages(pages), geometries);
}

/** What a read of the live paddocks holds: those of which database, at which of its versions (livePaddocksVersion), within which reach. */
export interface LivePaddocksRead {
  database: string;
  /** Null when the database keeps no version: such a read is never placed on again. */
  version: number | null;
  reach: Reach;
}

/** The index of the live paddocks this thread read last, and what it holds. */
let lastRead: { read: LivePaddocksRead; index: AlertPaddockIndex } | undefined;

const holds = (kept: LivePaddocksRead, wanted: LivePaddocksRead) => kept.version !== null && kept.database === wanted.database && kept.version === wanted.version && reachTakesIn(kept.reach, wanted.reach);

/**
 * Places the geometries on the live paddocks this thread read last when they still hold what a read
 * now would (the same database at the same version, over a reach that takes in the geometries'):
 * a storm's updates redrawn within its first warning's area are placed without reading again, and
 * place as a read over everything would (a read over a reach places what lies within it so). Answers
 * null when they do not; the caller then reads the pages and sends them, which are indexed and kept.
 */
export function placeOnLivePaddocks({ geometries, read, pages }: { geometries: AlertGeometry[]; read: LivePaddocksRead; pages?: string[] }): Placement[] | null {
  if (pages) lastRead = { read, index: indexPages(pages) };
  else if (!lastRead || !holds(lastRead.read, read)) return null;
  return placeOn(lastRead.index, geometries);
}

/** Places the made-up district's storm WARM_UP_ROUNDS times (alert-warm-up.ts); answers the last placing. */
export function warmUp(): Placement {
  const { geometry, pages } = warmUpDistrict();
  let placement: Placement | undefined;
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) placement = place({ geometries: [geometry], pages })[0];
  return placement!;
}
