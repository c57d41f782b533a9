import type { PersonalDetails } from '@shared/contracts/quote';

interface AccountRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string | null;
  businessName: string | null;
  abn: string | null;
  allowMarketing?: boolean;
  referredByCode?: string | null;
}

/**
 * Personal details filled from a member's account (a signed-in member starts at
 * get-started with them). An account exists only after the e-mail was verified, and its id is the
 * quote's user id, which is what the product-disclosure requirement reads.
 */
export function personalDetailsFromAccount(account: AccountRecord): Partial<PersonalDetails> {
  const details: Partial<PersonalDetails> = {
    userId: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    emailVerified: true,
  };
  if (account.phone) details.phone = account.phone;
  if (account.address) details.address = account.address;
  if (account.businessName) details.businessName = account.businessName;
  if (account.abn) details.abn = account.abn;
  if (account.allowMarketing !== undefined) details.allowMarketing = account.allowMarketing;
  if (account.referredByCode) details.referrerCode = account.referredByCode;
  return details;
}

/**
 * The account's details a resumed draft lacks, to fill in: a draft started away from the wizard
 * (next season's, a renewal) holds only its farm. What the draft holds, the member's own edits, is kept.
 */
export function accountDetailsMissingFrom(held: Partial<PersonalDetails>, account: Partial<PersonalDetails>): Partial<PersonalDetails> {
  return Object.fromEntries(
    Object.entries(account).filter(([key]) => {
      const value = held[key as keyof PersonalDetails];
      return value === undefined || value === null || value === '' || value === false;
    }),
  );
}
