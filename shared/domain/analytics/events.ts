/** Analytics events the administrators' analytics pages read (sent by the renderer's track()). */

/** A quote wizard step was shown: { step }. */
export const QUOTE_STEP_VIEWED = 'quote_step.viewed';

/** The estimate step priced one coverage type: { coverageType }. One event per type priced in a run. */
export const QUOTE_ESTIMATE_CALCULATED = 'quote_estimate.calculated';

/** The Perth day QUOTE_ESTIMATE_CALCULATED was first recorded; estimate figures before it are incomplete. */
export const ESTIMATE_EVENTS_RECORDED_SINCE = '2026-11-23';
