import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardNavigation, secureWebPreferences } from './security';

/** Stands in for Electron's WebContents: the same events and window-open handler. */
class FakeContents extends EventEmitter {
  openHandler?: (details: { url: string }) => { action: 'deny' };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.openHandler = handler;
  }
  navigate(event: string, url: string) {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function guarded() {
  const contents = new FakeContents();
  const opened: string[] = [];
  guardNavigation(contents, 'app://console', (url) => opened.push(url));
  return { contents, opened };
}

describe('guardNavigation', () => {
  it('allows navigation inside the app', () => {
    const { contents } = guarded();
    expect(contents.navigate('will-navigate', 'app://console/admin/members')).toBe(false);
  });

  it('blocks in-window navigation elsewhere and opens web links in the system browser', () => {
    const { contents, opened } = guarded();
    expect(contents.navigate('will-navigate', 'https://example.com/phish')).toBe(true);
    expect(contents.navigate('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(opened).toEqual(['https://example.com/phish']);
  });

  it('never opens a new window', () => {
    const { contents, opened } = guarded();
    expect(contents.openHandler?.({ url: 'https://grainmutual.example/faq' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://grainmutual.example/faq']);
  });

  it('refuses webviews', () => {
    const { contents } = guarded();
    expect(contents.navigate('will-attach-webview', '')).toBe(true);
  });
});

describe('secureWebPreferences', () => {
  it('keeps context isolation and the sandbox on and node integration off', () => {
    expect(secureWebPreferences('/p.js')).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, preload: '/p.js' });
  });
});
