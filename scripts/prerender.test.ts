import { describe, expect, it } from 'vitest';
import { chunksFor, composePrerenderedPage, withRouteChunks } from './prerender.mjs';

const manifest = {
  'index.html': { file: 'assets/index-a.js', css: ['assets/index-a.css'], imports: ['_shell-b.js'] },
  '_shell-b.js': { file: 'assets/shell-b.js', css: ['assets/shell-b.css'] },
  '_form-c.js': { file: 'assets/form-c.js', css: ['assets/form-c.css'], imports: ['_shell-b.js'] },
  'src/features/public-site/pages/register-page.tsx': { file: 'assets/register-page-d.js', css: ['assets/register-page-d.css'], imports: ['_form-c.js', '_shell-b.js'] },
  'src/features/public-site/pages/about-page.tsx': { file: 'assets/about-page-e.js' },
};

const template = `<!doctype html>
<html lang="en-AU">
  <head>
    <title>Grain Growers Mutual</title>
    <link rel="stylesheet" crossorigin href="/assets/shell-b.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('a pre-rendered page', () => {
  it('needs the code and style sheets of its page module and of every chunk that module imports, less what every page loads', () => {
    expect(chunksFor(manifest, ['src/features/public-site/pages/register-page.tsx'])).toEqual({
      scripts: ['/assets/register-page-d.js', '/assets/form-c.js'],
      styles: ['/assets/register-page-d.css', '/assets/form-c.css'],
    });
    expect(chunksFor(manifest, ['src/features/public-site/pages/about-page.tsx'])).toEqual({ scripts: ['/assets/about-page-e.js'], styles: [] });
  });

  it('refuses a page module the web build does not have, rather than writing a page without its styles', () => {
    expect(() => chunksFor(manifest, ['src/features/public-site/pages/gone-page.tsx'])).toThrow(
      "src/features/public-site/pages/gone-page.tsx is not in the web build's manifest: was the web app built from the same sources?",
    );
  });

  it('carries the map of linked pages to their code as a data block no address can close, and where the other pages’ map is', () => {
    const page = withRouteChunks(template, { '/faq': ['/assets/faq-page-a.js'], '/odd</script>': [] }, '/assets/other-pages-f.json');
    const block = page.match(/<script type="application\/json" id="route-chunks" data-other-pages="\/assets\/other-pages-f\.json">(.*)<\/script>\s*<\/head>/)?.[1];
    expect(block).not.toContain('</script>');
    expect(JSON.parse(block!)).toEqual({ '/faq': ['/assets/faq-page-a.js'], '/odd</script>': [] });
  });

  it('draws the page inside #root, marked for hydration, names it in the head and adds only the style sheets index.html does not link', () => {
    const page = composePrerenderedPage(template, { html: '<main><h1>Register Interest</h1><p>From $$5 a tonne</p></main>', title: 'Register Interest | Grain Growers Mutual' }, [
      '/assets/register-page-d.css',
      '/assets/shell-b.css',
    ]);
    expect(page).toContain('<div id="root" data-prerendered><main><h1>Register Interest</h1><p>From $$5 a tonne</p></main></div>');
    expect(page.match(/<title>.*<\/title>/g)).toEqual(['<title>Register Interest | Grain Growers Mutual</title>']);
    expect(page.match(/shell-b\.css/g)).toHaveLength(1);
    expect(page).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/register-page-d\.css">\s*<\/head>/);
  });

  it('refuses a template without the empty #root it draws into', () => {
    expect(() => composePrerenderedPage('<html><body><div id="app"></div></body></html>', { html: '<h1>Hi</h1>', title: 'Hi' }, [])).toThrow(
      'The built index.html has no empty <div id="root"></div> to draw into.',
    );
  });

  it('writes the title as text', () => {
    const page = composePrerenderedPage(template, { html: '<h1>Q&amp;A</h1>', title: 'Q&A <for growers> | Grain Growers Mutual' }, []);
    expect(page).toContain('<title>Q&amp;A &lt;for growers&gt; | Grain Growers Mutual</title>');
  });
});
