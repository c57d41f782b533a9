/**
 * The kinds of alert, apart from the alerts' schemas: a claim and the dashboard's records name the
 * alert they follow by its kind, and should not build every alert schema (and the storm footprints
 * they import) to do so (docs/architecture.md, 'Import directions').
 */
export const ALERT_KINDS = ['hail', 'storm', 'fire', 'lightning'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
