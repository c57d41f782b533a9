import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, prerenderedPageFile, SITEMAP_PATHS } from '@shared/site-pages';
import { renderPage } from './prerender';

/** Each page's heading, as a visitor sees it before any script has run. */
const HEADINGS: Record<string, string> = {
  '/': 'Protection for your crop, owned by growers like you',
  '/about': 'About Grain Growers Mutual',
  '/our-product': 'Our product: crop protection for hail, and fire and lightning',
  '/faq': 'Frequently asked questions',
  '/register': 'Register Interest',
  '/corporate-documents': 'Corporate Documents',
  '/terms-of-use': 'Terms of Use',
  '/privacy-policy': 'Privacy Policy',
  '/complaints-policy': 'Complaints Policy',
};

describe('public pages drawn at build time', () => {
  it('are the sitemap’s pages but the quote, whose first screen is each visitor’s own', () => {
    expect(PRERENDERED_PATHS).toEqual(SITEMAP_PATHS.filter((path) => path !== '/quote'));
    expect(Object.keys(HEADINGS).sort()).toEqual([...PRERENDERED_PATHS].sort());
  });

  for (const path of PRERENDERED_PATHS) {
    it(`${path} is drawn whole in Node, with its layout, heading and footer`, async () => {
      const html = await renderPage(path);
      expect(html).toContain('data-layout="public"');
      expect(html).toMatch(new RegExp(`<h1[^>]*>${HEADINGS[path]}</h1>`));
      expect(html).toContain('data-testid="footer-warning"');
      // React marks a part it could not draw on the server ("<!--$!-->", drawn in the browser instead).
      expect(html).not.toContain('<!--$!-->');
    });
  }

  it('maps each address to its file, whatever the case or trailing slash', () => {
    expect(prerenderedPageFile('/')).toBe('home.html');
    expect(prerenderedPageFile('/About/')).toBe('about.html');
    expect(prerenderedPageFile('/terms-of-use')).toBe('terms-of-use.html');
    expect(prerenderedPageFile('/quote')).toBeNull();
    expect(prerenderedPageFile('/dashboard')).toBeNull();
  });
});
