/**
 * Zod schemas of the member and broker dashboard: requests the server parses and the
 * responses the renderer checks. Money is in whole cents; dates are YYYY-MM-DD (WA) or ISO times.
 */
import { z } from 'zod';
import { calendarDate as isoDate, recordId as id, typedText as text } from './fields';
import { isCalendarDay, perthToday } from '../perth-time';
import { centsFromTypedDollars } from '../typed-dollars';
import { ALERT_KINDS } from './alert-kinds';
import { CLAIM_PERILS, CLAIM_STATUSES, claimSchema } from './claims';
import { farmLocationSchema } from './quote';
import { PROTECTION_STAGES, PROTECTION_STATUSES } from './protection-status';
import { MAX_EXPECTED_YIELD_T_PER_HA, MAX_PADDOCK_HECTARES, MAX_PRICE_PER_TONNE, paddockOutlineSchema, paddockTooLargeMessage } from './pricing';

// ---- The words the dashboard's records are written in (their labels and rules: shared/domain/dashboard;
// an application's status and stage: protection-status.ts) ----

export const INVOICE_KINDS = ['membership_fee', 'contribution'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['unpaid', 'part_paid', 'overdue', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_OPTIONS = ['pay_now', 'instalments', 'after_harvest'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/** How money reaches the mutual. */
export const PAYMENT_METHODS = ['eft', 'bpay', 'card', 'cheque'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The most one payment may be, so that a slip of the keyboard is caught ($10,000,000). */
export const MAX_PAYMENT_CENTS = 1_000_000_000;

/** ?memberId= on every list: whose records (the caller's own when absent). */
export const memberQuerySchema = z.object({ memberId: id.optional() });
export const recordIdSchema = id;
/** :id of a route about one record (a claim, an invoice, a protection, a file, a client, a session). */
export const recordParamsSchema = z.object({ id });
/** :id and :paymentId of a receipt. */
export const receiptParamsSchema = z.object({ id, paymentId: id });

// ---- Protection ------------------------------------------------------------------------------

/** What every paddock row shows: its crop and the figures that price it. */
const paddockCropSchema = z.object({
  id: z.string(),
  name: z.string(),
  crop: z.string().nullable(),
  variety: z.string().nullable(),
  areaHa: z.number(),
  expectedYield: z.number().nullable(),
  pricePerTonne: z.number().nullable(),
  hurdlePercentage: z.number().nullable(),
});

export const protectionPaddockSchema = paddockCropSchema.extend({
  valueCents: z.number().int(),
  priced: z.boolean(),
  isExcluded: z.boolean(),
  geometry: z.unknown().nullable(),
});
export type ProtectionPaddockView = z.infer<typeof protectionPaddockSchema>;

export const protectionSchema = z.object({
  id: z.string(),
  /** APP-<season>-<number>: what the member and staff quote (the id is for addresses only). */
  reference: z.string(),
  userId: z.string(),
  status: z.enum(PROTECTION_STATUSES),
  /** Where it stands for the grower (shared/domain/protection/lifecycle.ts): what screens, PDFs and e-mails show. */
  stage: z.enum(PROTECTION_STAGES),
  coverageType: z.enum(['hail', 'fire', 'both']),
  coverageDescription: z.string(),
  season: z.string(),
  zoneCode: z.string(),
  /** Where the farm is, as the quote gave it: what next season's quote starts from. */
  farm: z.object({ address: z.string(), location: farmLocationSchema.nullable() }),
  /** The earlier protection this application renews (docs/seasons.md 'Renewing'). */
  renewsApplicationId: z.string().nullable(),
  submittedAt: z.string(),
  endsOn: isoDate,
  premiumCents: z.number().int(),
  displayedPremiumCents: z.number().int(),
  totalPayableCents: z.number().int(),
  insuredValueCents: z.number().int(),
  coveredAreaHa: z.number(),
  paddocks: z.array(protectionPaddockSchema),
  crops: z.array(z.object({ cropType: z.string(), hectares: z.number(), hurdlePercentage: z.number(), valueCents: z.number().int() })),
});
export type ProtectionView = z.infer<typeof protectionSchema>;
export const protectionStatusInputSchema = z.object({ status: z.enum(PROTECTION_STATUSES, 'Choose submitted, under review, accepted, active or ended') });
export const protectionListSchema = z.object({ protections: z.array(protectionSchema) });
export const protectionResponseSchema = z.object({ protection: protectionSchema });

// ---- Payments --------------------------------------------------------------------------------

export const paymentOptionInputSchema = z.object({ paymentOption: z.enum(PAYMENT_OPTIONS, 'Choose pay now, instalments or after harvest') });

/**
 * An amount a person types in dollars ('4800', '4,800.00', '$550'), to the cent and more than $0;
 * the parsed value is dollars, which the server turns into cents. A number is taken as dollars too,
 * so what the form parsed parses again on the server.
 */
const typedDollars = z
  .union([z.number(), z.string()], 'Enter the amount in dollars')
  .transform((value, context) => {
    const cents = centsFromTypedDollars(value);
    if (cents === null) {
      context.addIssue({ code: 'custom', message: 'Enter the amount in dollars and cents, such as 4,800.00' });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(z.number().int().positive('The amount must be more than $0').max(MAX_PAYMENT_CENTS, 'The amount must be at most $10,000,000'))
  .transform((cents) => cents / 100);

/**
 * POST /api/invoices/:id/payments, and the staff's form that sends it (components/admin/invoice-payments):
 * the amount as typed in dollars, the Perth day the money arrived (not after today), how it came,
 * and the bank's or cheque's reference.
 */
export const recordPaymentInputSchema = z.object({
  amountDollars: typedDollars,
  receivedOn: isoDate.refine(isCalendarDay, 'That day does not exist').refine((day) => day <= perthToday(), 'The day the money arrived cannot be after today'),
  method: z.enum(PAYMENT_METHODS, 'Choose how the money came'),
  reference: text(120)
    .optional()
    .transform((value) => value || undefined),
});
export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;

/** POST /api/invoices/:id/payments/:paymentId/reversal: why the payment is undone (kept with it, told to the member). */
export const paymentReversalInputSchema = z.object({ reason: text(500).min(5, 'Say why the payment is reversed, in at least 5 characters') });
/** Approving or rejecting a reversal that waits for a second person. */
export const paymentReversalDecisionSchema = z.object({ note: text(500).optional() });

/** A payment against an invoice; a reversed one counts for nothing and says when and why. */
export const invoicePaymentSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  amountCents: z.number().int(),
  receivedOn: isoDate,
  method: z.string(),
  reference: z.string().nullable(),
  receiptUrl: z.string(),
  reversal: z.object({ on: isoDate, reason: z.string() }).nullable(),
});
export type InvoicePaymentView = z.infer<typeof invoicePaymentSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  userId: z.string(),
  applicationId: z.string(),
  kind: z.enum(INVOICE_KINDS),
  season: z.string(),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int(), gstCents: z.number().int(), gstFree: z.boolean().optional() })),
  subtotalCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  issuedAt: z.string(),
  paymentOption: z.enum(PAYMENT_OPTIONS),
  /** Why the member can no longer change the payment option, in a sentence for the page; null while they can. */
  optionFixed: z.string().nullable(),
  schedule: z.array(z.object({ dueDate: isoDate, amountCents: z.number().int() })),
  status: z.enum(INVOICE_STATUSES),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  nextDue: z.object({ dueDate: isoDate, amountCents: z.number().int() }).nullable(),
  pdfUrl: z.string(),
  payments: z.array(invoicePaymentSchema),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });

/** A payment as staff see it: who recorded it, and a reversal that waits for a second person. */
export const staffPaymentSchema = invoicePaymentSchema.extend({
  recordedBy: z.string(),
  recordedAt: z.string(),
  reversal: z.object({ on: isoDate, reason: z.string(), by: z.string() }).nullable(),
  /** A reversal asked for and not yet approved; `refusal` is the rule's sentence when the signed-in staff member may not approve it. */
  pendingReversal: z.object({ reason: z.string(), requestedBy: z.string(), requestedAt: z.string(), mine: z.boolean(), refusal: z.string().nullable() }).nullable(),
});
export type StaffPaymentView = z.infer<typeof staffPaymentSchema>;
export const staffInvoiceSchema = invoiceSchema.extend({ payments: z.array(staffPaymentSchema) });
export type StaffInvoiceView = z.infer<typeof staffInvoiceSchema>;
/** GET /api/admin/invoices?memberId=: a member's invoices with their payments, for staff. */
export const staffInvoiceListSchema = z.object({ invoices: z.array(staffInvoiceSchema) });
export const staffInvoiceQuerySchema = z.object({ memberId: id });
/** What a reversal route did, in a sentence for the page. */
export const paymentReversalResponseSchema = z.object({ outcome: z.enum(['reversed', 'requested', 'rejected']), message: z.string() });
export const howToPaySchema = z.object({
  eft: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string() }).nullable(),
  bpayBillerCode: z.string().nullable(),
  askAt: z.string(),
});
export type HowToPay = z.infer<typeof howToPaySchema>;
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSchema), howToPay: howToPaySchema });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

// ---- Farm ------------------------------------------------------------------------------------

const optionalPositive = (max: number, label: string) => z.number().min(0, `${label} cannot be negative`).max(max, `${label} is too large`).nullable().default(null);

export const farmPaddockInputSchema = z.object({
  id: id.optional(),
  name: text(80).min(1, 'Give the paddock a name'),
  crop: text(60).nullable().default(null),
  variety: text(60).nullable().default(null),
  areaHa: z.number('Enter the area in hectares').gt(0, 'The area must be more than 0 ha').max(MAX_PADDOCK_HECTARES, { error: paddockTooLargeMessage }),
  expectedYield: optionalPositive(MAX_EXPECTED_YIELD_T_PER_HA, 'Yield'),
  pricePerTonne: optionalPositive(MAX_PRICE_PER_TONNE, 'Price'),
  hurdlePercentage: z.number().min(0).max(100).nullable().default(null),
  // The outline pricing reads: a farm's paddocks become next season's quote.
  geometry: paddockOutlineSchema.nullable().default(null),
  notes: text(1000).nullable().default(null),
});
export const farmPaddocksInputSchema = z.object({ paddocks: z.array(farmPaddockInputSchema).max(500, 'At most 500 paddocks') });
export type FarmPaddockInput = z.input<typeof farmPaddockInputSchema>;

export const farmPaddockSchema = paddockCropSchema.extend({
  geometry: z.unknown().nullable(),
  notes: z.string().nullable(),
});
export type FarmPaddockView = z.infer<typeof farmPaddockSchema>;
/** source 'farm' when the member has saved their farm, 'protection' when it is taken from their latest protection. */
export const farmSchema = z.object({ source: z.enum(['farm', 'protection', 'none']), paddocks: z.array(farmPaddockSchema) });

// ---- Reports ---------------------------------------------------------------------------------

export const reportQuerySchema = z.object({
  memberId: id.optional(),
  season: z
    .string()
    .regex(/^\d{4}$/, 'Season is a year such as 2026')
    .optional(),
});
export const seasonReportSchema = z.object({
  season: z.string().nullable(),
  seasons: z.array(z.string()),
  applicationsNotYetProtected: z.number().int(),
  byPaddock: z.array(
    z.object({
      paddock: z.string(),
      crop: z.string(),
      coverage: z.string(),
      areaHa: z.number(),
      valueCents: z.number().int(),
      contributionCents: z.number().int(),
      claims: z.number().int(),
      claimedCents: z.number().int(),
    }),
  ),
  byCrop: z.array(z.object({ crop: z.string(), areaHa: z.number(), valueCents: z.number().int(), contributionCents: z.number().int(), claims: z.number().int(), claimedCents: z.number().int() })),
  totals: z.object({ areaHa: z.number(), valueCents: z.number().int(), contributionCents: z.number().int(), claims: z.number().int(), claimedCents: z.number().int() }),
});
export type SeasonReportView = z.infer<typeof seasonReportSchema>;

// ---- Overview, clients, settings -------------------------------------------------------------

export const overviewSchema = z.object({
  member: z.object({ id: z.string(), name: z.string() }),
  protections: z.array(protectionSchema),
  owed: z.object({ outstandingCents: z.number().int(), overdueCents: z.number().int(), next: z.object({ dueDate: isoDate, amountCents: z.number().int(), invoiceNumbers: z.array(z.string()) }).nullable() }),
  openClaims: z.array(claimSchema.pick({ id: true, reference: true, peril: true, eventDate: true, status: true, estimatedLossCents: true })),
  drafts: z.array(z.object({ id: z.string(), step: z.string(), updatedAt: z.string() })),
  savedEstimates: z.array(z.object({ id: z.string(), createdAt: z.string() })),
  keyDates: z.array(z.object({ date: isoDate, label: z.string() })),
  /** The season open today (docs/seasons.md). */
  season: z.object({ year: z.number().int(), opensOn: isoDate, coverEndsOn: isoDate }),
  /** The application a renewal for the open season starts from (shared/domain/protection/renewal.ts), when one is due. */
  renewal: z.object({ fromApplicationId: z.string() }).nullable(),
});
export type OverviewView = z.infer<typeof overviewSchema>;

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  farm: z.object({ paddocks: z.number().int(), areaHa: z.number() }),
  quotes: z.object({ drafts: z.number().int(), savedEstimates: z.number().int() }),
  protections: z.array(
    z.object({ id: z.string(), status: z.enum(PROTECTION_STATUSES), stage: z.enum(PROTECTION_STAGES), season: z.string(), coverageDescription: z.string(), totalPayableCents: z.number().int() }),
  ),
  claims: z.array(z.object({ id: z.string(), reference: z.string(), status: z.enum(CLAIM_STATUSES), peril: z.enum(CLAIM_PERILS) })),
  /** The protection the client's renewal for the open season starts from, when one is due (shared/domain/protection/renewal.ts). */
  renewal: z.object({ fromApplicationId: z.string(), reference: z.string(), season: z.string() }).nullable(),
  /** The client's alerts whose warning or fire stands now ('current'), newest first: `id` is the client's alert, as on their alerts page. */
  currentAlerts: z.array(z.object({ id: z.string(), kind: z.enum(ALERT_KINDS), title: z.string(), paddocks: z.array(z.string()) })),
});
export type ClientView = z.infer<typeof clientSchema>;
/** The broker's clients, and the season open today (docs/seasons.md), which their renewals are for. */
export const clientListSchema = z.object({ clients: z.array(clientSchema), season: z.object({ year: z.number().int() }) });
/** GET /api/broker/clients/:id: a client's account details, which the quote wizard fills in when the broker quotes for them. */
export const clientAccountSchema = z.object({
  client: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    businessName: z.string().nullable(),
    abn: z.string().nullable(),
    allowMarketing: z.boolean(),
    referredByCode: z.string().nullable(),
  }),
});
export type ClientAccount = z.infer<typeof clientAccountSchema>['client'];

export const emailPreferencesSchema = z.object({ claimUpdates: z.boolean(), paymentReminders: z.boolean(), renewalReminders: z.boolean(), alertEmails: z.boolean() });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
export const emailPreferencesResponseSchema = z.object({ preferences: emailPreferencesSchema });
export const emailPreferencesInputSchema = emailPreferencesSchema.partial().refine((value) => Object.keys(value).length > 0, 'Send at least one preference');

export const signedInSessionSchema = z.object({ id: z.string(), current: z.boolean(), signedInAt: z.string().nullable(), lastActiveAt: z.string().nullable(), expiresAt: z.string().nullable() });
export type SignedInSession = z.infer<typeof signedInSessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(signedInSessionSchema) });
export const endedSessionsSchema = z.object({ ended: z.number().int() });
