/**
 * A CAP-AU 1.2 alert (as the Bureau of Meteorology and DFES issue them) turned into the event the
 * product stores: who sent it, its identifier, what it does (a new alert, an update of earlier ones,
 * a cancellation), its kind, title, severity, hail size, times, and the ground it covers.
 */
import type { CapAlert, CapInfo, IncomingAlertEvent } from '../../contracts/alerts';
import { AlertMessageError, capCircleRing, capPolygonRing, mergePolygons } from './geometry';

/** The short name of a known sender, so the same warning from two routes is one event. */
export function alertSource(sender: string): string {
  const value = sender.trim().toLowerCase();
  if (/(^|[.@])bom\.gov\.au$/.test(value)) return 'bom';
  if (/(^|[.@])(dfes|emergency)\.wa\.gov\.au$/.test(value)) return 'dfes';
  return value;
}

/** The English <info> (CAP allows one per language); the first when none says its language. */
function englishInfo(alert: CapAlert): CapInfo | undefined {
  return alert.info.find((info) => !info.language || /^en/i.test(info.language)) ?? alert.info[0];
}

/** Hail size from a <parameter> whose name mentions hail ("2 cm", "20mm", "4"): millimetres, centimetres when no unit is given (as the Bureau writes it). */
export function hailSizeMm(info: Pick<CapInfo, 'parameter'>): number | null {
  for (const { valueName, value } of info.parameter) {
    if (!/hail/i.test(valueName)) continue;
    const match = /(\d+(?:\.\d+)?)\s*(mm|cm)?/i.exec(value);
    if (!match) continue;
    const size = Number(match[1]);
    return (match[2] ?? 'cm').toLowerCase() === 'mm' ? size : size * 10;
  }
  return null;
}

/** Words that make an incident a fire, in its event or headline (bushfire, grass fire, structure fire). */
const FIRE_WORDS = /fire|blaze/i;
/** A burn lit on purpose (hazard reduction, burn-off, pile burn) is notified by fire services but threatens no crop. */
const PLANNED_BURN = /hazard reduction|burn[- ]?off|pile burn|planned burn|prescribed burn|back ?burn/i;

/**
 * Whether an incident a fire service reports is a fire that threatens crops. A fire service files
 * every incident under Fire, road crashes too ("Other": "One Tree MVA"), so an incident of type
 * "Other" is a fire only when its words say so; a burn lit on purpose never is.
 */
export function fireIncident(type: string, title: string, filedUnderFire: boolean): 'fire' | 'planned burn' | 'not a fire' {
  const words = `${type} ${title}`;
  if (PLANNED_BURN.test(words)) return 'planned burn';
  return FIRE_WORDS.test(words) || (filedUnderFire && !/^other/i.test(type.trim())) ? 'fire' : 'not a fire';
}

function kindOf(info: CapInfo, hailMm: number | null): IncomingAlertEvent['kind'] {
  const words = `${info.event} ${info.headline ?? ''}`;
  const fire = fireIncident(
    info.event,
    info.headline ?? '',
    info.category.some((category) => /^fire$/i.test(category)),
  );
  if (fire === 'planned burn') throw new AlertMessageError(`"${info.headline ?? info.event}" is a burn lit on purpose, not a fire that threatens crops.`);
  if (fire === 'fire') return 'fire';
  if (hailMm !== null || /hail/i.test(words)) return 'hail';
  if (/lightning/i.test(words)) return 'lightning';
  if (info.category.some((category) => /^met$/i.test(category)) || /storm|wind|cyclone/i.test(words)) return 'storm';
  throw new AlertMessageError(`"${info.event}" is neither a weather (Met) nor a fire alert, so it is not matched to paddocks.`);
}

/** The identifiers in <references>: "sender,identifier,sent" triples separated by spaces. */
function referencedIdentifiers(references: string | undefined): string[] {
  return (references ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((triple) => triple.split(',')[1])
    .filter((identifier): identifier is string => Boolean(identifier));
}

export function capAlertEvent(alert: CapAlert): IncomingAlertEvent {
  const source = alertSource(alert.sender);
  const references = referencedIdentifiers(alert.references);
  if (alert.msgType === 'Ack' || alert.msgType === 'Error') throw new AlertMessageError(`A CAP ${alert.msgType} message carries no event.`);
  if (alert.msgType !== 'Alert' && references.length === 0) throw new AlertMessageError(`A CAP ${alert.msgType} must name the earlier alert in <references> ("sender,identifier,sent").`);
  const info = englishInfo(alert);

  if (alert.msgType === 'Cancel') {
    return {
      source,
      externalId: alert.identifier,
      action: 'cancel',
      references,
      kind: info ? kindOf(info, hailSizeMm(info)) : 'storm',
      title: info?.headline ?? info?.event ?? 'Cancellation',
      severity: info?.severity ?? null,
      hailSizeMm: null,
      effectiveAt: alert.sent,
      expiresAt: null,
      geometry: null,
      areaCodes: [],
      areaDescription: null,
    };
  }

  if (!info) throw new AlertMessageError('The alert has no <info> block: nothing says what the event is or where.');
  const polygons = info.area.flatMap((area) => [...area.polygon.map(capPolygonRing), ...area.circle.map(capCircleRing)]).map((ring) => [ring]);
  // A warning the Bureau places by its districts alone names them, with no polygon: placed from the district boundaries, or by staff.
  const areaCodes = info.area.flatMap((area) =>
    area.geocode
      .filter((code) => /^AMOC-AreaCode$/i.test(code.valueName.trim()))
      .flatMap((code) =>
        code.value
          .trim()
          .split(/[\s,]+/)
          .filter(Boolean),
      ),
  );
  const byDistrict = polygons.length === 0 && areaCodes.length > 0;
  const hail = hailSizeMm(info);
  return {
    source,
    externalId: alert.identifier,
    action: alert.msgType === 'Update' ? 'update' : 'alert',
    references,
    kind: kindOf(info, hail),
    title: info.headline?.trim() || info.event,
    severity: info.severity,
    hailSizeMm: hail,
    effectiveAt: info.effective ?? info.onset ?? alert.sent,
    expiresAt: info.expires ?? null,
    geometry: byDistrict ? null : mergePolygons(polygons),
    areaCodes: [...new Set(areaCodes)],
    areaDescription:
      info.area
        .map((area) => area.areaDesc.trim())
        .filter(Boolean)
        .join('; ') || null,
  };
}
