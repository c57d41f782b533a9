/**
 * The settings window's form, wired by its preload in the preload's isolated world: the page itself
 * runs no script and is given nothing (no contextBridge), so nothing in it can reach the main process.
 * Written against the few DOM members it uses, so a Node test drives it on happy-dom.
 */
import { SERVER_ADDRESS_FORM_IDS, type ServerAddressApi } from './settings-bridge-types';

interface FormLike {
  addEventListener(type: 'submit', listener: (event: { preventDefault(): void }) => void): void;
}
interface InputLike {
  value: string;
  focus(): void;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}
interface ButtonLike {
  disabled: boolean;
}
interface MessageLike {
  textContent: string | null;
  className: string;
}

/** The part of the page's document the form needs. */
export interface SettingsPageLike {
  getElementById(id: string): unknown;
}

/** A refusal as the main process worded it, without the words Electron puts before a remote error. */
export function refusalText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '') || 'The server address could not be saved.';
}

function element<T>(page: SettingsPageLike, id: string): T {
  const found = page.getElementById(id);
  if (!found) throw new Error(`The settings page has no #${id}.`);
  return found as T;
}

/** Shows the stored address and saves the one typed when the form is sent; resolves once it is shown. */
export async function wireServerAddressForm(page: SettingsPageLike, api: ServerAddressApi): Promise<void> {
  const form = element<FormLike>(page, SERVER_ADDRESS_FORM_IDS.form);
  const input = element<InputLike>(page, SERVER_ADDRESS_FORM_IDS.input);
  const save = element<ButtonLike>(page, SERVER_ADDRESS_FORM_IDS.save);
  const message = element<MessageLike>(page, SERVER_ADDRESS_FORM_IDS.message);

  const say = (tone: 'notice' | 'error', text: string) => {
    message.className = tone;
    message.textContent = text;
  };

  const submit = async () => {
    save.disabled = true;
    try {
      const stored = await api.setServerUrl(input.value.trim());
      input.value = stored;
      input.removeAttribute('aria-invalid');
      say('notice', `Saved. The console now sends its calls to ${stored}.`);
    } catch (error) {
      input.setAttribute('aria-invalid', 'true');
      say('error', refusalText(error));
      input.focus();
    } finally {
      save.disabled = false;
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  input.value = await api.getServerUrl();
}
