/**
 * Who issued an event, as people read it (docs/alerts.md 'Who is told'): the two agencies whose feeds
 * the mutual reads, and the mutual's own staff, who draw an event on the map from a report by phone
 * (source `staff`). Any other source (a GeoJSON post names its own) is shown as it came.
 */
export interface AlertIssuer {
  /** In a member's sentence: "A hail warning from {inSentence} covers …". */
  inSentence: string;
  /** The e-mail's "Issued by" line. */
  issuedBy: string;
  /** Staff's list of events. */
  label: string;
}

// A Map, not an object: a source is text from outside, and 'constructor' must not find Object's.
const ISSUERS = new Map<string, AlertIssuer>([
  ['bom', { inSentence: 'the Bureau of Meteorology', issuedBy: 'the Bureau of Meteorology', label: 'Bureau of Meteorology' }],
  ['dfes', { inSentence: 'DFES', issuedBy: 'DFES', label: 'DFES' }],
  ['staff', { inSentence: 'a report to our staff', issuedBy: 'Our staff, from a report to us', label: 'Reported to staff' }],
]);

export const alertIssuer = (source: string): AlertIssuer => ISSUERS.get(source) ?? { inSentence: source, issuedBy: source, label: source };
