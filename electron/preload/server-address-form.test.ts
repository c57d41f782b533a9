import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_PAGE_HTML } from '../main/windows/settings-window';
import { refusalText, wireServerAddressForm } from './server-address-form';
import { SERVER_ADDRESS_FORM_IDS as ids } from './settings-bridge-types';

let window: Window | undefined;
afterEach(async () => {
  await window?.happyDOM.close();
  window = undefined;
});

/** The settings window's page, as its preload finds it. */
function settingsPage() {
  window = new Window();
  window.document.write(SETTINGS_PAGE_HTML);
  const { document } = window;
  const input = document.getElementById(ids.input) as unknown as { value: string; getAttribute(name: string): string | null };
  const message = document.getElementById(ids.message)!;
  const submit = () => document.getElementById(ids.form)!.dispatchEvent(new window!.Event('submit', { cancelable: true }));
  return { document, input, message, submit };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the settings window’s form (filled in by its preload)', () => {
  it('shows the stored address, saves the one typed and says so', async () => {
    const page = settingsPage();
    const saved: string[] = [];
    await wireServerAddressForm(page.document, { getServerUrl: async () => 'http://localhost:3000', setServerUrl: async (url) => (saved.push(url), url.replace(/\/$/, '')) });
    expect(page.input.value).toBe('http://localhost:3000');
    page.input.value = '  https://members.grainmutual.example/ ';
    page.submit();
    await settled();
    expect(saved).toEqual(['https://members.grainmutual.example/']);
    expect(page.input.value).toBe('https://members.grainmutual.example');
    expect(page.message.textContent).toBe('Saved. The console now sends its calls to https://members.grainmutual.example.');
  });

  it('says why the main process refused an address, without Electron’s words before it', async () => {
    const page = settingsPage();
    const reason = 'The server address must start with https:// (http:// only for this computer).';
    await wireServerAddressForm(page.document, {
      getServerUrl: async () => 'http://localhost:3000',
      setServerUrl: () => Promise.reject(new Error(`Error invoking remote method 'settings-window:set-server-url': Error: ${reason}`)),
    });
    page.input.value = 'http://members.grainmutual.example';
    page.submit();
    await settled();
    expect(page.message.textContent).toBe(reason);
    expect(page.message.className).toBe('error');
    expect(page.input.getAttribute('aria-invalid')).toBe('true');
    expect(refusalText('plain words')).toBe('plain words');
  });
});
