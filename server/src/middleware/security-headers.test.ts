import { describe, expect, it } from 'vitest';
import { CONSOLE_CSP_DIRECTIVES, cspHeaderValue } from '../../../shared/content-security-policy';
import { securityHeaders } from './security-headers';

/** The web's policy as the server sends it, read from the real middleware. */
function webPolicy(isProduction: boolean): string {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => void (headers[name] = value), removeHeader: () => undefined };
  securityHeaders({ isProduction })({ method: 'GET', headers: {} } as never, response as never, () => undefined);
  return headers['Content-Security-Policy']!;
}

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('the desktop console’s Content-Security-Policy against the web’s', () => {
  it('has every directive of the web’s production policy, with no source the web does not allow', () => {
    const web = directives(webPolicy(true));
    const desktop = directives(cspHeaderValue(CONSOLE_CSP_DIRECTIVES));
    expect(web.get('script-src')).toEqual(["'self'"]);
    for (const [name, sources] of web) {
      expect(desktop.has(name), name).toBe(true);
      for (const source of desktop.get(name)!) expect(sources, `${name} ${source}`).toContain(source);
    }
  });
});
