/**
 * The alert e-mail (docs/alerts.md 'Who is told'): to the member, and a copy of their own to the
 * member's broker of record and to the referrer who sent them, naming the client. Everything from
 * outside (the event's title, paddock names) goes in as text: the one layout escapes it.
 */
import { ALERT_KIND_LABELS, type AlertKind, type AlertPaddock } from '@shared/contracts/alerts';
import type { ProtectionView } from '@shared/contracts/dashboard';
import { describeRaise, hailUpTo, type WarningRaise } from '@shared/domain/alerts/escalation';
import { paddockCoverFacts, stormMeaning } from '@shared/domain/alerts/storm-meaning';
import { LOSS_EXAMPLE_NOTE } from '@shared/domain/estimates';
import { formatDateTime, formatHectares, formatPercentRounded } from '@shared/format';
import { email } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

export type AlertRecipient = 'member' | 'broker' | 'referrer';

interface AlertEmailInput {
  to: string;
  recipient: AlertRecipient;
  /** The recipient's first name. */
  firstName: string;
  /** The member's full name, named in the broker's and referrer's copies. */
  clientName: string;
  /** The member's id: the broker's copy opens the client's alerts (`?member=`). */
  clientId: string;
  event: { kind: AlertKind; title: string; source: string; effectiveAt: Date; expiresAt: Date | null; hailSizeMm: number | null };
  paddocks: readonly AlertPaddock[];
  /** The member's applications that hold the paddocks: what the warning means for each is said to the member and their broker. */
  protections: readonly ProtectionView[];
  /** For an update to someone told of the issue it replaced: what rose (it is sent only then). */
  raise: WarningRaise | null;
  origin: string;
}

const SOURCE_NAMES: Record<string, string> = { bom: 'the Bureau of Meteorology', dfes: 'DFES' };

function paddockLine(paddock: AlertPaddock): readonly [string, string] {
  if (paddock.share === null) return [paddock.name, `${formatHectares(paddock.areaHa)}; the farm’s location is inside the area (the paddock has no boundary on the map)`];
  return [paddock.name, `${formatPercentRounded(paddock.share * 100)} of ${formatHectares(paddock.areaHa)} (about ${formatHectares(paddock.hectaresAffected ?? 0)})`];
}

export function alertEmail({ to, recipient, firstName, clientName, clientId, event, paddocks, protections, raise, origin }: AlertEmailInput): MailMessage {
  const kind = ALERT_KIND_LABELS[event.kind];
  const count = paddocks.length === 1 ? 'one paddock' : `${paddocks.length} paddocks`;
  const issuer = SOURCE_NAMES[event.source] ?? event.source;
  const facts = {
    facts: [
      ['Warning', event.title],
      ['Issued by', issuer],
      ['From', formatDateTime(event.effectiveAt)],
      ...(event.expiresAt ? [['Until', formatDateTime(event.expiresAt)] as const] : []),
      ...(event.hailSizeMm ? [['Hail size', hailUpTo(event.hailSizeMm)] as const] : []),
    ] as ReadonlyArray<readonly [string, string]>,
  };
  const paddockFacts = { facts: paddocks.map(paddockLine) };
  // What it means for each paddock (docs/alerts.md 'What a storm means for you'): the member's and their broker's, not a referrer's.
  const reader = recipient === 'member' ? 'member' : 'client';
  const meanings = [...paddocks.map((paddock) => ({ paragraph: stormMeaning(event.kind, paddock, paddockCoverFacts(event.kind, paddock, protections), { reader }).sentence })), { paragraph: LOSS_EXAMPLE_NOTE }];
  const raised = raise === null ? '' : ` has been raised: ${describeRaise(raise)}`;
  if (recipient === 'member') {
    const covers = `${count} you have protection for or applied to protect`;
    return email({
      to,
      subject: raise === null ? `${kind} alert over ${count} of yours` : `${kind} alert raised over ${count} of yours`,
      blocks: [
        { paragraph: `Hello ${firstName},` },
        {
          paragraph: `${raise === null ? `A ${kind.toLowerCase()} warning from ${issuer} covers ${covers}` : `The ${kind.toLowerCase()} warning from ${issuer} over ${covers}${raised}`}. We hope all is well; if the crop was damaged, you can start a claim from the alert.`,
        },
        facts,
        paddockFacts,
        ...meanings,
        { action: { label: 'See the alert and the map', url: `${origin}/dashboard/alerts` } },
        { paragraph: `You can turn alert e-mails off in your settings: ${origin}/dashboard/settings` },
      ],
    });
  }
  return email({
    to,
    subject: raise === null ? `${kind} alert: your client ${clientName}, ${count}` : `${kind} alert raised: your client ${clientName}, ${count}`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      {
        paragraph: `${raise === null ? `A ${kind.toLowerCase()} warning from ${issuer} covers ${count} of your client ${clientName}` : `The ${kind.toLowerCase()} warning from ${issuer} over ${count} of your client ${clientName}${raised}`}. They have been told as well, unless they turned alert e-mails off.`,
      },
      facts,
      paddockFacts,
      ...(recipient === 'broker' ? meanings : []),
      {
        action:
          recipient === 'broker'
            ? { label: 'See your client’s alert and the map', url: `${origin}/dashboard/alerts?${new URLSearchParams({ member: clientId })}` }
            : { label: 'Open your referrals', url: `${origin}/referrer/leads` },
      },
    ],
  });
}
