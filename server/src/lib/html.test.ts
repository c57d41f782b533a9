import { describe, expect, it } from 'vitest';
import { html, htmlString, lineBreaks, type SafeHtml } from './html';
import type { MailMessage } from './mailer';

const NAME = '<b id="x">Top</b><img/src="x"/onerror="alert(1)"> & \'Sons\'';
const ESCAPED = '&lt;b id=&quot;x&quot;&gt;Top&lt;/b&gt;&lt;img/src=&quot;x&quot;/onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Sons&#39;';

describe('html`…`: the one HTML escaper', () => {
  it('escapes every interpolated value, in text and in attributes', () => {
    expect(htmlString(html`<p title="${NAME}">${NAME}</p>`)).toBe(`<p title="${ESCAPED}">${ESCAPED}</p>`);
  });

  it('keeps markup it made itself, joins lists and shows nothing for null, undefined and false', () => {
    const rows = ['a<b', 'c>d'].map((cell) => html`<td>${cell}</td>`);
    expect(htmlString(html`<tr>${rows}</tr>${null}${undefined}${false}${0}`)).toBe('<tr><td>a&lt;b</td><td>c&gt;d</td></tr>0');
  });

  it('does not take a look-alike object for markup', () => {
    const forged = { markup: '<script>x</script>', toString: () => '<script>x</script>' } as unknown as SafeHtml;
    expect(htmlString(html`${forged}`)).toBe('&lt;script&gt;x&lt;/script&gt;');
  });

  it('shows line breaks as <br> with each line escaped', () => {
    expect(htmlString(lineBreaks('one <i>\r\ntwo\nthree & four'))).toBe('one &lt;i&gt;<br>two<br>three &amp; four');
  });

  it('is the only way to give an e-mail an HTML body', () => {
    const message: MailMessage = { to: 'a@example.com', subject: 's', text: 't', html: html`<p>${NAME}</p>` };
    // @ts-expect-error a string is not SafeHtml: a body built by concatenation does not compile.
    const concatenated: MailMessage = { ...message, html: `<p>${NAME}</p>` };
    expect(htmlString(message.html)).toBe(`<p>${ESCAPED}</p>`);
    expect(concatenated.subject).toBe('s');
  });
});
