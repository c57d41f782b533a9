/** The certificate of protection: the lender's check, and staff's list and withdrawal (docs/certificates.md). */
import { z } from 'zod';
import { calendarDate, typedText } from './fields';

/**
 * Codes are written in Crockford's base 32: digits and capitals without I, L, O and U, so that a
 * code read aloud or copied by hand survives (an O typed for a 0 still matches). Twelve characters
 * are 60 bits: with the check rate-limited, guessing a code is not a way into anyone's certificate.
 */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 12;

/** A code as printed, in groups of four: 'K7QM-4XPD-9TWB'. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * A code as a person typed it, as stored: spaces and dashes dropped, capitals, and the letters
 * Crockford's alphabet reads as digits (O as 0, I and L as 1). Null when it cannot be a code.
 */
export function normaliseCertificateCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CERTIFICATE_CODE_LENGTH) return null;
  return [...code].every((character) => CERTIFICATE_CODE_ALPHABET.includes(character)) ? code : null;
}

export const CERTIFICATE_CODE_MESSAGE = 'Type the 12-character code printed on the certificate, such as K7QM-4XPD-9TWB.';

/** The code as typed, read as stored (spaces, dashes and look-alike letters forgiven). */
export const certificateCodeSchema = z
  .string(CERTIFICATE_CODE_MESSAGE)
  .max(40, CERTIFICATE_CODE_MESSAGE)
  .transform((typed, context) => {
    const code = normaliseCertificateCode(typed);
    if (code === null) {
      context.addIssue({ code: 'custom', message: CERTIFICATE_CODE_MESSAGE });
      return z.NEVER;
    }
    return code;
  });

export const certificateCheckInputSchema = z.object({ code: certificateCodeSchema });

const totalsSchema = z.object({ paddocks: z.number().int(), hectares: z.number(), valueCents: z.number().int() });
export const CERTIFICATE_STANDINGS = ['current', 'ended', 'withdrawn'] as const;
/** How a certificate stands when a lender checks it (shared/domain/protection/certificate.ts decides). */
export type CertificateStanding = (typeof CERTIFICATE_STANDINGS)[number];
const standingSchema = z.enum(CERTIFICATE_STANDINGS);

/** What a lender sees once the code matches: that it is genuine and how it stands, the holder's name and totals; nothing else of the member's. */
export const certificateCheckSchema = z.object({
  code: z.string(),
  standing: standingSchema,
  /** The standing in a sentence, naming the mutual. */
  sentence: z.string(),
  holderName: z.string(),
  season: z.string(),
  coverageDescription: z.string(),
  totals: totalsSchema,
  coverStartedAt: z.iso.datetime(),
  endsOn: calendarDate,
  issuedAt: z.iso.datetime(),
});
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

/** A certificate as staff see it on an application. */
export const certificateSchema = certificateCheckSchema.omit({ sentence: true }).extend({
  id: z.string(),
  withdrawnAt: z.iso.datetime().nullable(),
  withdrawnReason: z.string().nullable(),
});
export type CertificateView = z.infer<typeof certificateSchema>;
export const certificateListSchema = z.object({ certificates: z.array(certificateSchema) });

export const certificateWithdrawInputSchema = z.object({
  reason: typedText(500).min(5, 'Say in a few words why it is withdrawn: the member is told; a lender who checks the code is told only that it was withdrawn.'),
});
export const certificateResponseSchema = z.object({ certificate: certificateSchema });
