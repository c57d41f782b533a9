/**
 * The alert e-mails (docs/alerts.md 'Who is told'): to the member, and one to each broker of record
 * and referrer naming every client of theirs the warning covers. Everything from outside (the
 * event's title, paddock names, members' names) goes in as text: the one layout escapes it.
 */
import { ALERT_KIND_LABELS, type AlertPaddock } from '@shared/contracts/alerts';
import type { AlertKind } from '@shared/contracts/alert-kinds';
import type { ProtectionView } from '@shared/contracts/dashboard';
import { alertIssuer } from '@shared/domain/alerts/alert-source';
import { describeRaise, hailUpTo, type WarningRaise } from '@shared/domain/alerts/escalation';
import { paddockCoverFacts, stormMeaning } from '@shared/domain/alerts/storm-meaning';
import { LOSS_EXAMPLE_NOTE } from '@shared/domain/estimates';
import { formatDateTime, formatHectares, formatPercentRounded } from '@shared/format';
import { email } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

export type AlertRecipient = 'member' | 'broker' | 'referrer';

type AlertEvent = { kind: AlertKind; title: string; source: string; effectiveAt: Date; expiresAt: Date | null; hailSizeMm: number | null };

/** One member under the warning, as their e-mail and their broker's and referrer's tell of them. */
export interface MemberUnderAlert {
  /** The member's full name, named in the broker's and referrer's e-mails. */
  name: string;
  /** The member's id: the broker's e-mail opens the client's alerts (`?member=`). */
  id: string;
  paddocks: readonly AlertPaddock[];
  /** The member's applications that hold the paddocks: what the warning means for each is said to the member and their broker. */
  protections: readonly ProtectionView[];
  /** For an update to someone told of the issue it replaced: what rose (it is sent only then). */
  raise: WarningRaise | null;
}

interface AlertEmailInput {
  to: string;
  /** The recipient's first name. */
  firstName: string;
  event: AlertEvent;
  origin: string;
}

function paddockLine(paddock: AlertPaddock): readonly [string, string] {
  if (paddock.share === null) return [paddock.name, `${formatHectares(paddock.areaHa)}; the farm’s location is inside the area (the paddock has no boundary on the map)`];
  return [paddock.name, `${formatPercentRounded(paddock.share * 100)} of ${formatHectares(paddock.areaHa)} (about ${formatHectares(paddock.hectaresAffected ?? 0)})`];
}

const paddockCount = (count: number) => (count === 1 ? 'one paddock' : `${count} paddocks`);

function warningFacts(event: AlertEvent) {
  return {
    facts: [
      ['Warning', event.title],
      ['Issued by', alertIssuer(event.source).issuedBy],
      ['From', formatDateTime(event.effectiveAt)],
      ...(event.expiresAt ? [['Until', formatDateTime(event.expiresAt)] as const] : []),
      ...(event.hailSizeMm ? [['Hail size', hailUpTo(event.hailSizeMm)] as const] : []),
    ] as ReadonlyArray<readonly [string, string]>,
  };
}

/** What the warning means for each of a member's paddocks (docs/alerts.md 'What a storm means for you'), to the member or their broker. */
const meaningsFor = (event: AlertEvent, { paddocks, protections }: MemberUnderAlert, reader: 'member' | 'client') =>
  paddocks.map((paddock) => ({ paragraph: stormMeaning(event.kind, paddock, paddockCoverFacts(event.kind, paddock, protections), { reader }).sentence }));

const raisedWords = (raise: WarningRaise | null) => (raise === null ? '' : ` has been raised: ${describeRaise(raise)}`);

const clientAlertsUrl = (origin: string, clientId: string) => `${origin}/dashboard/alerts?${new URLSearchParams({ member: clientId })}`;

/** The member's own e-mail: the warning over their paddocks and what it means for each. */
export function memberAlertEmail({ to, firstName, event, origin, member }: AlertEmailInput & { member: MemberUnderAlert }): MailMessage {
  const kind = ALERT_KIND_LABELS[event.kind];
  const count = paddockCount(member.paddocks.length);
  const issuer = alertIssuer(event.source).inSentence;
  const covers = `${count} you have protection for or applied to protect`;
  return email({
    to,
    subject: member.raise === null ? `${kind} alert over ${count} of yours` : `${kind} alert raised over ${count} of yours`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      {
        paragraph: `${member.raise === null ? `A ${kind.toLowerCase()} warning from ${issuer} covers ${covers}` : `The ${kind.toLowerCase()} warning from ${issuer} over ${covers}${raisedWords(member.raise)}`}. We hope all is well; if the crop was damaged, you can start a claim from the alert.`,
      },
      warningFacts(event),
      { facts: member.paddocks.map(paddockLine) },
      ...meaningsFor(event, member, 'member'),
      { paragraph: LOSS_EXAMPLE_NOTE },
      { action: { label: 'See the alert and the map', url: `${origin}/dashboard/alerts` } },
      { paragraph: `You can turn alert e-mails off in your settings: ${origin}/dashboard/settings` },
    ],
  });
}

/**
 * The broker's or referrer's e-mail: every client of theirs the warning newly covers, in one e-mail
 * (a storm over forty of a broker's clients is one e-mail to read, not forty). A broker reads what
 * it means for each paddock and opens each client's alert from it; a referrer is told the paddocks.
 */
export function clientsAlertEmail({ to, firstName, event, origin, recipient, clients }: AlertEmailInput & { recipient: 'broker' | 'referrer'; clients: readonly MemberUnderAlert[] }): MailMessage {
  const kind = ALERT_KIND_LABELS[event.kind];
  const issuer = alertIssuer(event.source).inSentence;
  const told = 'They have been told as well, unless they turned alert e-mails off.';
  const closing = recipient === 'broker' ? [{ paragraph: LOSS_EXAMPLE_NOTE }] : [{ action: { label: 'Open your referrals', url: `${origin}/referrer/leads` } }];
  if (clients.length === 1) {
    const [client] = clients as [MemberUnderAlert];
    const count = paddockCount(client.paddocks.length);
    return email({
      to,
      subject: client.raise === null ? `${kind} alert: your client ${client.name}, ${count}` : `${kind} alert raised: your client ${client.name}, ${count}`,
      blocks: [
        { paragraph: `Hello ${firstName},` },
        {
          paragraph: `${client.raise === null ? `A ${kind.toLowerCase()} warning from ${issuer} covers ${count} of your client ${client.name}` : `The ${kind.toLowerCase()} warning from ${issuer} over ${count} of your client ${client.name}${raisedWords(client.raise)}`}. ${told}`,
        },
        warningFacts(event),
        { facts: client.paddocks.map(paddockLine) },
        ...(recipient === 'broker' ? [...meaningsFor(event, client, 'client'), ...closing, { action: { label: 'See your client’s alert and the map', url: clientAlertsUrl(origin, client.id) } }] : closing),
      ],
    });
  }
  const paddocks = clients.reduce((sum, client) => sum + client.paddocks.length, 0);
  return email({
    to,
    subject: `${kind} alert: ${clients.length} of your clients, ${paddockCount(paddocks)}`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      { paragraph: `A ${kind.toLowerCase()} warning from ${issuer} covers paddocks of ${clients.length} of your clients, each below. ${told}` },
      warningFacts(event),
      ...clients.flatMap((client) => [
        { heading: `${client.name}: ${paddockCount(client.paddocks.length)}` },
        ...(client.raise === null ? [] : [{ paragraph: `The warning over ${client.name}’s paddocks${raisedWords(client.raise)}.` }]),
        { facts: client.paddocks.map(paddockLine) },
        ...(recipient === 'broker' ? [...meaningsFor(event, client, 'client'), { action: { label: `See ${client.name}’s alert and the map`, url: clientAlertsUrl(origin, client.id) } }] : []),
      ]),
      ...closing,
    ],
  });
}
