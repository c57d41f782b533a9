import type { Logger } from './logger';

/**
 * What staff keep beside a person's own action (a CRM lead, a support request) is never a reason for
 * that action to fail: the person's record is saved by then. A record that could not be written is
 * logged, and the person's request stands.
 */
export const staffRecordFailed = (logger: Logger, record: string) => (error: unknown) => logger.error({ err: error }, `${record} not recorded`);
