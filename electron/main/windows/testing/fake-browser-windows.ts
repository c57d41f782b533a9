import { EventEmitter } from 'node:events';

/** Test only. A fake of a window's webContents: keeps the window-open handler the module sets. */
export class FakeContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => { action: 'deny' };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.windowOpenHandler = handler;
  }
}

/**
 * Test only. A fake of Electron's BrowserWindow: records what the module does with it (the pages
 * loaded, shown, focused, minimised, closed) and lets the test close it or read its options.
 */
export class FakeWindow<Options> extends EventEmitter {
  readonly webContents = new FakeContents();
  loaded: string[] = [];
  focused = 0;
  minimized = false;
  visible = false;
  destroyed = false;
  constructor(readonly options: Options) {
    super();
  }
  async loadURL(url: string) {
    this.loaded.push(url);
    this.emit('ready-to-show');
  }
  show() {
    this.visible = true;
  }
  focus() {
    this.focused += 1;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
  isDestroyed() {
    return this.destroyed;
  }
}

/** A BrowserWindow constructor to hand a window module, and every window it made, oldest first. */
export function fakeBrowserWindows<Options>(): { FakeWindow: new (options: Options) => FakeWindow<Options>; created: FakeWindow<Options>[] } {
  const created: FakeWindow<Options>[] = [];
  class RecordedWindow extends FakeWindow<Options> {
    constructor(options: Options) {
      super(options);
      created.push(this);
    }
  }
  return { FakeWindow: RecordedWindow, created };
}
