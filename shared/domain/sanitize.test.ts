import { describe, expect, it } from 'vitest';
import { sanitizePayload, sanitizeString } from './sanitize';

describe('sanitizeString (docs/behaviour.md §5 input sanitising)', () => {
  it('removes script tags with their content', () => {
    expect(sanitizeString('Hello <script>alert(1)</script>world')).toBe('Hello world');
    expect(sanitizeString('a<SCRIPT type="text/javascript">x()</SCRIPT >b')).toBe('ab');
  });

  it('removes iframe tags, paired or alone', () => {
    expect(sanitizeString('Farm <iframe src="https://evil.example"></iframe>notes')).toBe('Farm notes');
    expect(sanitizeString('x<iframe src=a>y')).toBe('xy');
  });

  it('removes inline event handlers', () => {
    expect(sanitizeString('<img src="a.png" onerror="steal()">')).toBe('<img src="a.png">');
    expect(sanitizeString("<b onclick='go()' >bold</b>")).toBe('<b >bold</b>');
    expect(sanitizeString('<div onmouseover=run()>')).toBe('<div>');
  });

  it('removes javascript: and vbscript: schemes', () => {
    expect(sanitizeString('javascript:alert(1)')).toBe('alert(1)');
    expect(sanitizeString('<a href="VBScript:msgbox">x</a>')).toBe('<a href="msgbox">x</a>');
  });

  it('turns data:text/html into data:text/plain', () => {
    expect(sanitizeString('data:text/html;base64,PHNjcmlwdD4=')).toBe('data:text/plain;base64,PHNjcmlwdD4=');
  });

  it('does not let nested fragments reassemble a tag', () => {
    expect(sanitizeString('<scr<script></script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('leaves ordinary farm text alone', () => {
    const text = 'North paddock < 40 ha, wheat & barley; call 0400 000 000 at 5:30';
    expect(sanitizeString(text)).toBe(text);
  });
});

describe('sanitizePayload', () => {
  it('sanitises every string in nested objects and arrays', () => {
    const payload = {
      firstName: 'Jo<script>x</script>',
      paddocks: [{ name: 'Home <iframe></iframe>paddock', area: 12.5 }],
      nested: { link: 'javascript:void(0)' },
      flag: true,
      missing: null,
    };
    expect(sanitizePayload(payload)).toEqual({
      firstName: 'Jo',
      paddocks: [{ name: 'Home paddock', area: 12.5 }],
      nested: { link: 'void(0)' },
      flag: true,
      missing: null,
    });
  });

  it('passes dates through untouched', () => {
    const when = new Date('2026-11-22T00:00:00Z');
    expect(sanitizePayload({ when }).when).toBe(when);
  });
});

describe('sanitizeString: every attribute separator of the HTML tokenizer', () => {
  it('removes a handler after a slash, as in the farm-map payload', () => {
    expect(sanitizeString('<b id="x">Top</b><img/src="x"/onerror="window.__pwned=1">')).toBe('<b id="x">Top</b><img/src="x">');
    expect(sanitizeString('<img/src=x/onerror=alert(1)>')).toBe('<img/src=x>');
    expect(sanitizeString('<svg/onload=alert(1)>')).toBe('<svg>');
  });

  it('removes a handler after a tab, line feed, form feed or carriage return', () => {
    for (const separator of ['\t', '\n', '\f', '\r', '\r\n', ' \t\n']) {
      expect(sanitizeString(`<img src=x${separator}onerror=alert(1)>`)).toBe('<img src=x>');
    }
  });

  it('removes a handler glued to the closing quote of the previous attribute', () => {
    expect(sanitizeString('<img src="x"onerror="alert(1)">')).toBe('<img src="x">');
    expect(sanitizeString("<img src='x'onerror='alert(1)'>")).toBe("<img src='x'>");
  });

  it('removes a handler with spaces, tabs or newlines around the equals sign, in any case', () => {
    expect(sanitizeString('<img src=x onError\t=\n"alert(1)">')).toBe('<img src=x>');
    expect(sanitizeString('<img src=x ONMOUSEOVER = alert(1) >')).toBe('<img src=x >');
  });

  it('removes a handler at the very start and one with an unclosed quote', () => {
    expect(sanitizeString('onerror=alert(1)')).toBe('');
    expect(sanitizeString('<img src=x onerror="alert(1)')).toBe('<img src=x');
  });

  it('removes script and iframe tags however their attributes are separated', () => {
    expect(sanitizeString('a<script/src="//evil.example/x.js"></script>b')).toBe('ab');
    expect(sanitizeString('a<iframe\fsrcdoc="<b>"></iframe>b')).toBe('ab');
    expect(sanitizeString('a<script\n>alert(1)</script\t>b')).toBe('ab');
    expect(sanitizeString('a<script src=//evil.example/x.js')).toBe('a');
  });

  it('removes javascript: and vbscript: even when a URL parser would drop tabs and newlines inside them', () => {
    expect(sanitizeString('java\tscript:alert(1)')).toBe('alert(1)');
    expect(sanitizeString('vb\nscript\r:msgbox')).toBe('msgbox');
  });

  it('turns data:text/html with spaces or split letters into data:text/plain', () => {
    expect(sanitizeString('data: text/html,<b>')).toBe('data:text/plain,<b>');
    expect(sanitizeString('DATA:text/ht\tml;base64,AA')).toBe('data:text/plain;base64,AA');
  });

  it('still leaves prose that merely mentions "on" words alone', () => {
    const text = 'Sprayed on 3/4, online order #12; "one" paddock / onions next year';
    expect(sanitizeString(text)).toBe(text);
  });
});
