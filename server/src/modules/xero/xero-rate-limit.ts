/**
 * Xero's limits per organisation, kept by every server instance together: at most 60 calls in a
 * minute and 5,000 in a day. Counts live in XeroCallWindow, one row per organisation and fixed
 * window, raised by a conditional update (`calls < limit`) that one instance wins at a time, so two
 * instances never both take the 60th call. Fixed windows can let up to 120 calls through across a
 * minute's edge where Xero counts a rolling minute; the 429 that would follow is waited out like any
 * other (docs/xero.md, 'Limits').
 */
import { formatNumber } from '@shared/format';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/sequential-number';
import { XeroWait } from './xero-errors';

export const XERO_LIMITS = { perMinute: 60, perDay: 5000 } as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function windowsAt(now: Date) {
  const minuteStart = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const dayStart = Math.floor(now.getTime() / DAY) * DAY;
  return [
    { window: `day:${new Date(dayStart).toISOString().slice(0, 10)}`, limit: XERO_LIMITS.perDay, ends: new Date(dayStart + DAY), name: `${formatNumber(XERO_LIMITS.perDay)} calls a day` },
    { window: `minute:${new Date(minuteStart).toISOString().slice(0, 16)}`, limit: XERO_LIMITS.perMinute, ends: new Date(minuteStart + MINUTE), name: `${XERO_LIMITS.perMinute} calls a minute` },
  ];
}

/** Takes one call of the organisation's allowance, or throws XeroWait until the window that is full ends. */
export async function takeXeroCall(db: Database, tenantId: string, now: Date): Promise<void> {
  for (const { window, limit, ends, name } of windowsAt(now)) {
    if (!(await db.xeroCallWindow.findUnique({ where: { tenantId_window: { tenantId, window } }, select: { calls: true } }))) {
      try {
        await db.xeroCallWindow.create({ data: { tenantId, window, expiresAt: ends } });
        await db.xeroCallWindow.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - DAY) } } });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const { count } = await db.xeroCallWindow.updateMany({ where: { tenantId, window, calls: { lt: limit } }, data: { calls: { increment: 1 } } });
    if (count === 0) throw new XeroWait(ends, `Waiting for Xero's limit of ${name} for this organisation.`);
  }
}
