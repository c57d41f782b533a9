import { describe, expect, it } from 'vitest';
import { prerenderedFileName, prerenderedPageFile, SITEMAP_PATHS } from '@shared/site-pages';
import { renderPage } from './prerender';

/** Each page's heading and its title (the browser tab's, a search result's), as a visitor meets them before any script has run. */
const PAGES: Record<string, { heading: string; title: string }> = {
  '/': { heading: 'Protection for your crop, owned by growers like you', title: 'Grain Growers Mutual: crop protection owned by WA grain growers' },
  '/about': { heading: 'About Grain Growers Mutual', title: 'About Grain Growers Mutual' },
  '/our-product': { heading: 'Our product: crop protection for hail, and fire and lightning', title: 'Our product: crop protection for hail, and fire and lightning | Grain Growers Mutual' },
  '/faq': { heading: 'Frequently asked questions', title: 'Frequently asked questions | Grain Growers Mutual' },
  '/quote': { heading: 'Your details', title: 'Quote: Your details | Grain Growers Mutual' },
  '/register': { heading: 'Register Interest', title: 'Register Interest | Grain Growers Mutual' },
  '/corporate-documents': { heading: 'Corporate Documents', title: 'Corporate Documents | Grain Growers Mutual' },
  '/terms-of-use': { heading: 'Terms of Use', title: 'Terms of Use | Grain Growers Mutual' },
  '/privacy-policy': { heading: 'Privacy Policy', title: 'Privacy Policy | Grain Growers Mutual' },
  '/complaints-policy': { heading: 'Complaints Policy', title: 'Complaints Policy | Grain Growers Mutual' },
};

describe('public pages drawn at build time', () => {
  it('are the sitemap’s pages', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...SITEMAP_PATHS].sort());
  });

  for (const path of SITEMAP_PATHS) {
    it(`${path} is drawn whole in Node, with its layout, heading, footer and title`, async () => {
      const { html, title } = await renderPage(path);
      expect(title).toBe(PAGES[path]?.title);
      expect(html).toContain('data-layout="public"');
      expect(html).toMatch(new RegExp(`<h1[^>]*>${PAGES[path]?.heading}</h1>`));
      expect(html).toContain('data-testid="footer-warning"');
      // React marks a part it could not draw on the server ("<!--$!-->", drawn in the browser instead).
      expect(html).not.toContain('<!--$!-->');
    });
  }

  it('draws the quote as a visitor’s first step: their details, empty, with nothing of the later steps', async () => {
    const { html } = await renderPage('/quote');
    expect(html).toContain('data-step="personal-details"');
    for (const label of ['First name', 'Last name', 'E-mail address', 'Phone', 'Postal address', 'Referrer code (optional)']) expect(html).toContain(`>${label}</label>`);
    expect(html).not.toContain('value=');
    expect(html).not.toContain('Opening your quote');
    // Without scripts the form cannot be sent on; if it is, the person's details stay out of the address.
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain('The quote needs JavaScript, which is switched off in this browser.');
  });

  it('maps each address to its file, whatever the case or trailing slash', () => {
    expect(prerenderedFileName('/')).toBe('home.html');
    expect(prerenderedFileName('/About/')).toBe('about.html');
    expect(prerenderedFileName('/terms-of-use')).toBe('terms-of-use.html');
  });

  it('sends a drawn page to anyone, but the quote’s drawn first step only to a visitor at its bare address', () => {
    const visitor = { carriesSession: false, hasQuery: false };
    expect(prerenderedPageFile('/About/', visitor)).toBe('about.html');
    expect(prerenderedPageFile('/about', { carriesSession: true, hasQuery: true })).toBe('about.html');
    expect(prerenderedPageFile('/quote', visitor)).toBe('quote.html');
    expect(prerenderedPageFile('/Quote/', visitor)).toBe('quote.html');
    expect(prerenderedPageFile('/quote', { carriesSession: true, hasQuery: false })).toBeNull();
    expect(prerenderedPageFile('/quote', { carriesSession: false, hasQuery: true })).toBeNull();
    expect(prerenderedPageFile('/dashboard', visitor)).toBeNull();
  });
});
