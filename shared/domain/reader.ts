/**
 * Who reads a member's records: the member themself, their broker of record (a client's records) or
 * staff (in support mode or not). Sentences about the records are said in the reader's words.
 */
export type Reader = 'member' | 'client' | 'staff';

/** Whose records a sentence names, in the words of who reads it. */
export const READER_POSSESSIVE: Record<Reader, string> = { member: 'your', client: 'your client’s', staff: 'the member’s' };

/** READER_POSSESSIVE to begin a sentence with. */
export const readerPossessiveCapitalised = (reader: Reader): string => READER_POSSESSIVE[reader].charAt(0).toUpperCase() + READER_POSSESSIVE[reader].slice(1);

/** The reader's subject in a sentence: what they have, what they are. */
export const READER_SUBJECT: Record<Reader, { has: string; is: string }> = {
  member: { has: 'You have', is: 'you are' },
  client: { has: 'Your client has', is: 'your client is' },
  staff: { has: 'The member has', is: 'the member is' },
};
