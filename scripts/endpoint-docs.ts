// Writes docs/endpoints.md from the endpoint table (shared/endpoints): every route declared there,
// by domain, with who gets through its guard. `npm run docs:endpoints`; endpoint-docs.test.ts fails
// while the file and the table differ.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENDPOINT_DOMAINS } from '../shared/endpoints';
import { admits, CALLER_KINDS, type CallerKind, type EndpointAccess } from '../shared/endpoints/endpoint';
import { repositoryRoot } from '../server/src/lib/paths';

export const ENDPOINT_DOCS_PATH = join(repositoryRoot, 'docs', 'endpoints.md');

const CALLERS: Record<CallerKind, string> = { visitor: 'Visitor', member: 'Member', broker: 'Broker', referrer: 'Referrer', administrator: 'Admin' };

/** What the guard answers each kind of caller: 'yes' (through), 401 or 403. */
const guardAnswers = (access: EndpointAccess) => CALLER_KINDS.map((caller) => (admits(access, caller) ? 'yes' : caller === 'visitor' ? '401' : '403'));

const cell = (text: string) => text.replaceAll('|', '\\|');

export function endpointDocs(): string {
  const lines = [
    '# Endpoints',
    '',
    '<!-- Generated from shared/endpoints by `npm run docs:endpoints`. Do not edit by hand. -->',
    '',
    'The routes declared in the endpoint table (`shared/endpoints`), from which the server mounts and',
    'guards them, the renderer types its calls, and the access-matrix test reads who gets through. "yes"',
    'is through the guard: the route may still answer 400 for bad input, or 404 for a record that is not',
    'the caller’s. docs/authorization.md explains the rules behind the columns. "Sent once" marks a',
    'message or form a repeat with the same `Idempotency-Key` does not double: it is answered the first',
    'answer again, with `Idempotent-Replayed: true` (docs/architecture.md, "Sent once").',
  ];
  for (const [domain, endpoints] of Object.entries(ENDPOINT_DOMAINS)) {
    lines.push('', `## ${domain}`, '', `| Route | ${CALLER_KINDS.map((caller) => CALLERS[caller]).join(' | ')} | What it does |`, `|---|${CALLER_KINDS.map(() => '---|').join('')}---|`);
    for (const definition of Object.values(endpoints)) {
      const path = definition.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const summary = definition.sentOnce ? `${definition.summary} Sent once.` : definition.summary;
      lines.push(`| \`${definition.method} ${path}\` | ${guardAnswers(definition.access).join(' | ')} | ${cell(summary)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ENDPOINT_DOCS_PATH, endpointDocs());
  console.log(`Wrote ${ENDPOINT_DOCS_PATH}.`);
}
