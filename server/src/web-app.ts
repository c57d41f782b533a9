import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { referrerCodeSchema } from '@shared/contracts/accounts';
import { drawnForVisitorsOnly, isPagePath, prerenderedPageFile, SITEMAP_PATHS } from '@shared/site-pages';
import type { SiteAddress } from './lib/site-url';

/** The areas a crawler has no business in: people's own pages, sign-in and the API. */
const PRIVATE_PREFIXES = ['/admin', '/dashboard', '/auth/', '/referrer/', '/api/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(origin: string): string {
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${origin}${path === '/' ? '/' : path}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * The built web app: hashed assets cached for a year; robots.txt and the sitemap written for this
 * site's address; a public page drawn at build time answered with its own HTML (prerendered/) when
 * it was drawn for whoever asks, any other page's address with index.html, and any other address
 * with index.html too (the app draws its not-found page) but as 404, so browsers, crawlers and
 * monitors see it missing.
 */
export function serveWebApp(app: Express, staticDir: string, site: SiteAddress, cookies: { session: string; referral: string; secure: boolean }) {
  const indexFile = join(staticDir, 'index.html');
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robotsTxt(site.origin()));
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemapXml(site.origin()));
  });
  // The build's Brotli copies where the browser takes them (renderer/vite.config.ts), else the file itself.
  app.use('/assets', expressStaticGzip(join(staticDir, 'assets'), { enableBrotli: true, orderPreference: ['br'], index: false, serveStatic: { immutable: true, maxAge: '1y' } }));
  // A chunk of an earlier build (a page open across a release) is missing, not a fault.
  app.use('/assets', (_req, res) => void res.status(404).type('text/plain').send('Not found'));
  app.use(express.static(staticDir, { index: false, maxAge: '1h' }));
  app.get('/{*path}', cookieParser(), (req, res, next) => {
    if (!existsSync(indexFile)) {
      next(new Error(`The web app has not been built: ${indexFile} is missing. Run npm run build:web.`));
      return;
    }
    // The quote's drawn first step is a visitor's (VISITOR_PRERENDERED_PATHS): a browser with a session, or an address with a query, gets the app to draw its own.
    const carriesSession = (req.cookies as Record<string, string | undefined>)[cookies.session] !== undefined;
    const prerendered = prerenderedPageFile(req.path, { carriesSession, hasQuery: req.originalUrl.includes('?') });
    const file = prerendered && existsSync(join(staticDir, 'prerendered', prerendered)) ? join('prerendered', prerendered) : 'index.html';
    // A cache between here and the browser must not hand a visitor's drawn quote to a member.
    if (drawnForVisitorsOnly(req.path)) res.vary('Cookie');
    // A referral link's code, kept for the browser's session: the page drawn at build time has plain
    // links until the app's code arrives, and one followed before then leaves ?ref= behind.
    const referral = referrerCodeSchema.safeParse(req.query['ref']);
    if (referral.success) res.cookie(cookies.referral, referral.data, { path: '/', sameSite: 'lax', secure: cookies.secure });
    res
      .status(isPagePath(req.path) ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .sendFile(file, { root: staticDir });
  });
}
