/**
 * The words an application's status, stage and staff's waits are written in, apart from the
 * schemas: staff pages that count or filter applications need these lists, not the member's contracts.
 */

/**
 * What becomes of a submitted quote: submitted, under review, accepted, active for the
 * season, ended. Protection runs until 31 March after harvest; invoices follow acceptance.
 */
export const PROTECTION_STATUSES = ['submitted', 'under_review', 'accepted', 'active', 'ended'] as const;
export type ProtectionStatus = (typeof PROTECTION_STATUSES)[number];

/** Where an application stands for the grower, worked out from its status and payments (shared/domain/protection/lifecycle.ts). */
export const PROTECTION_STAGES = ['submitted', 'under_review', 'accepted', 'invoiced', 'protected', 'ended'] as const;
export type ProtectionStage = (typeof PROTECTION_STAGES)[number];

/** What an application on staff's list may be waiting for: a payment reversal a second person must approve. */
export const APPLICATION_AWAITING = ['reversal_approval'] as const;
export type ApplicationAwaiting = (typeof APPLICATION_AWAITING)[number];
