import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SENT_ONCE_MESSAGES } from '@shared/contracts/idempotency-headers';
import { supportRequestEndpoints } from '@shared/endpoints/support-requests';
import { soilEndpoints } from '@shared/endpoints/soil';
import { apiFile, apiRequest, ApiRequestError, askEarly, callEndpoint, endpointUrl, fileNameOf, resetCsrfToken } from './api-client';

type DesktopBridge = NonNullable<Window['desktop']>;
type DesktopApiRequest = Parameters<DesktopBridge['request']>[0];
type DesktopApiResponse = Awaited<ReturnType<DesktopBridge['request']>>;
type DesktopProgressListeners = NonNullable<Parameters<DesktopBridge['request']>[1]>;

/** The console's bridge as the renderer sees it: each request goes to `answer`, which the test writes. */
function installBridge(answer: (request: DesktopApiRequest, listeners?: DesktopProgressListeners) => DesktopApiResponse) {
  const request = vi.fn(async (input: DesktopApiRequest, listeners?: DesktopProgressListeners) => answer(input, listeners));
  vi.stubGlobal('window', { desktop: { request } });
  return request;
}

const json = (status: number, body: unknown): DesktopApiResponse => ({ status, headers: { 'content-type': 'application/json' }, body });

beforeEach(() => resetCsrfToken());
afterEach(() => vi.unstubAllGlobals());

describe('a change asked for while the server cannot give a CSRF token', () => {
  const outage = { error: 'database_unavailable', message: 'We cannot reach our database just now. Anything you saved before is kept; please try again in a minute.' };

  it('says the server’s sentence (its database is away), not that the person’s connection failed, and asks for a token again next time', async () => {
    let databaseUp = false;
    const request = installBridge((input) => {
      if (input.path === '/api/auth/csrf') return databaseUp ? json(200, { csrfToken: 'token-2' }) : json(503, outage);
      return json(201, { payment: { id: 'p1' } });
    });
    await expect(apiRequest('POST', '/api/invoices/i1/payments', { body: { amountDollars: 550 } })).rejects.toEqual(new ApiRequestError(503, outage.error, outage.message));
    expect(request.mock.calls.map(([input]) => input.path)).toEqual(['/api/auth/csrf']);

    databaseUp = true;
    expect(await apiRequest('POST', '/api/invoices/i1/payments', { body: { amountDollars: 550 } })).toEqual({ payment: { id: 'p1' } });
    expect(request.mock.calls.at(-1)![0]).toMatchObject({ path: '/api/invoices/i1/payments', headers: { 'X-CSRF-Token': 'token-2' } });
  });

  it('still says to check the connection when nothing answered at all', async () => {
    installBridge(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('POST', '/api/contact', { body: {} })).rejects.toEqual(new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.'));
  });
});

describe('files and uploads in the desktop console go through the bridge', () => {
  it('sends a form’s fields and files’ bytes, with the CSRF token, and reads the JSON answer', async () => {
    const request = installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 'token-1' }) : json(201, { claim: { id: 'c1' } })));
    const form = new FormData();
    form.set('peril', 'hail');
    form.append('photos', new File([new Uint8Array([0xff, 0xd8, 0xff])], 'hail.jpg', { type: 'image/jpeg' }));

    expect(await apiRequest('POST', '/api/claims', { form })).toEqual({ claim: { id: 'c1' } });
    const sent = request.mock.calls.at(-1)![0];
    expect(sent).toMatchObject({ method: 'POST', path: '/api/claims', headers: { 'X-CSRF-Token': 'token-1' }, responseType: 'json' });
    expect(sent.body).toBeUndefined();
    expect(sent.form).toEqual([
      { name: 'peril', value: 'hail' },
      { name: 'photos', fileName: 'hail.jpg', contentType: 'image/jpeg', bytes: new Uint8Array([0xff, 0xd8, 0xff]) },
    ]);
  });

  it('says how much of a form has gone of how much as the main process tells it, and asks for nothing when nobody listens', async () => {
    const request = installBridge((input, listeners) => {
      if (input.path === '/api/auth/csrf') return json(200, { csrfToken: 't' });
      listeners?.onUploadProgress?.(65_536, 100_000);
      listeners?.onUploadProgress?.(100_000, 100_000);
      return json(201, { claim: { id: 'c1' } });
    });
    const form = new FormData();
    form.append('photos', new File([new Uint8Array(100)], 'hail.jpg', { type: 'image/jpeg' }));
    const heard: Array<[number, number]> = [];
    await apiRequest('POST', '/api/claims', { form, onUploadProgress: (sent, total) => heard.push([sent, total]) });
    expect(heard).toEqual([
      [65_536, 100_000],
      [100_000, 100_000],
    ]);
    await apiRequest('POST', '/api/claims', { form });
    expect(request.mock.calls.at(-1)![1]).toBeUndefined();
  });

  it('says an upload is too large in words when the server refuses it without a sentence', async () => {
    installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 't' }) : { status: 413, headers: {}, body: 'Payload Too Large' }));
    const refused = apiRequest('POST', '/api/claims', { form: new FormData(), tooLargeMessage: 'That upload is too large.' });
    await expect(refused).rejects.toEqual(new ApiRequestError(413, 'http_error', 'That upload is too large.'));
  });

  it('hands back a file as a Blob of its type, under the server’s name for it', async () => {
    const request = installBridge(() => ({
      status: 200,
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="season-report-smith-2026.csv"' },
      body: new TextEncoder().encode('a,b\n'),
    }));
    const file = await apiFile('/api/reports/season.csv');
    expect(request.mock.calls[0]![0]).toEqual({ method: 'GET', path: '/api/reports/season.csv', headers: {}, responseType: 'bytes', body: undefined });
    expect(file.fileName).toBe('season-report-smith-2026.csv');
    expect(file.blob.type).toBe('text/csv');
    expect(await file.blob.text()).toBe('a,b\n');
  });

  it('says how many of a file’s bytes have come as the main process tells them', async () => {
    installBridge((_request, listeners) => {
      listeners?.onProgress?.(2);
      listeners?.onProgress?.(4);
      return { status: 200, headers: { 'content-type': 'text/csv' }, body: new TextEncoder().encode('a,b\n') };
    });
    const received: number[] = [];
    await apiFile('/api/reports/season.csv', (bytes) => received.push(bytes));
    expect(received).toEqual([2, 4]);
  });

  it('turns a refused file into the server’s sentence', async () => {
    installBridge(() => json(404, { error: 'not_found', message: 'No such file.' }));
    await expect(apiFile('/api/files/none')).rejects.toEqual(new ApiRequestError(404, 'not_found', 'No such file.'));
  });
});

describe('a file saved on the web', () => {
  /** fetch answering with the given chunks, the last one failing when `breaksOff` (the server cut the download off). */
  function serveChunks(chunks: string[], { breaksOff = false } = {}) {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (breaksOff) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="leads.csv"' } }));
  }

  it('says how many bytes have come as they come, and hands back the whole file under the server’s name', async () => {
    serveChunks(['Name,E-mail\r\n', 'Ann,ann@example.com\r\n', 'Bo,bo@example.com\r\n']);
    const progress: number[] = [];
    const file = await apiFile('/api/admin/crm/leads.csv', (received) => progress.push(received));
    expect(progress).toEqual([13, 34, 53]);
    expect(file.fileName).toBe('leads.csv');
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    expect(await file.blob.text()).toBe('Name,E-mail\r\nAnn,ann@example.com\r\nBo,bo@example.com\r\n');
  });

  it('says the download broke off when the answer stops before its end, never a file that looks whole', async () => {
    serveChunks(['Name,E-mail\r\n'], { breaksOff: true });
    await expect(apiFile('/api/admin/crm/leads.csv', () => undefined)).rejects.toEqual(new ApiRequestError(0, 'download_broken_off', 'The download broke off before the end of the file. Try again.'));
  });
});

describe('fileNameOf', () => {
  it('reads the encoded name first, then the plain one', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.pdf`)).toBe('Rapport été.pdf');
    expect(fileNameOf('inline; filename="invoice-INV-0001.pdf"')).toBe('invoice-INV-0001.pdf');
    expect(fileNameOf(undefined)).toBeUndefined();
  });
});

describe('calls to an endpoint of the table', () => {
  it('fill the path’s parameters, each as one segment, and send the body with its method', async () => {
    const request = installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 't' }) : json(200, { request: detail })));
    const detail = {
      id: 'a/b',
      source: 'help_form',
      status: 'new',
      subject: 'Gate',
      name: 'Ann',
      email: 'a@example.com',
      phone: null,
      member: null,
      assignee: null,
      claim: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      firstAnsweredAt: null,
      resolvedAt: null,
      age: { businessMinutes: 0, dueAt: '2026-11-02T00:00:00.000Z', overdue: false },
      body: 'Help',
      messages: [],
      notes: [],
      addressHasAccount: false,
    };
    const answer = await callEndpoint(supportRequestEndpoints.update, { params: { id: 'a/b' }, body: { status: 'in_progress' } });
    expect(answer.request.subject).toBe('Gate');
    expect(request.mock.calls.at(-1)![0]).toMatchObject({ method: 'PATCH', path: '/api/admin/support-requests/a%2Fb', body: { status: 'in_progress' } });
  });

  it('put the query that has a value in the address', () => {
    expect(endpointUrl(supportRequestEndpoints.exportCsv, { query: { status: 'all', search: 'Brown & Co', source: undefined } })).toBe('/api/admin/support-requests/export.csv?status=all&search=Brown+%26+Co');
  });

  it('refuse an answer the endpoint’s response schema does not describe, in words', async () => {
    installBridge(() => json(200, { newCount: 'three' }));
    await expect(callEndpoint(supportRequestEndpoints.newCount)).rejects.toEqual(new ApiRequestError(200, 'unexpected_response', 'The server sent an answer this page does not understand.'));
  });
});

describe('a message sent to an endpoint marked sentOnce', () => {
  const followUp = (body: string) => callEndpoint(supportRequestEndpoints.followUp, { params: { id: 'r1' }, body: { body } });
  const answered = json(201, { request: { id: 'r1', source: 'help_form', status: 'in_progress', subject: 'Gate', body: 'Help', createdAt: '2026-11-01T00:00:00.000Z', resolvedAt: null, messages: [] } });
  const keysSent = (request: ReturnType<typeof installBridge>) =>
    request.mock.calls
      .map(([input]) => input)
      .filter((input) => input.path !== '/api/auth/csrf')
      .map((input) => input.headers?.['Idempotency-Key']);

  it('carries one key until it is answered: a press after "Network error" is the same sending, the same words later a new one', async () => {
    const answers: Array<() => DesktopApiResponse> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(503, { error: 'database_unavailable', message: 'We cannot reach our database just now.' }),
      () => json(409, { error: 'still_sending', message: SENT_ONCE_MESSAGES.stillSending }),
      // Kept, its answer lost after: pressed again, it must still be the same sending, not a second message.
      () => json(409, { error: 'sent_kept_already', message: SENT_ONCE_MESSAGES.keptAlready }),
      () => answered,
      () => answered,
    ];
    const request = installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 't' }) : answers.shift()!()));
    for (let press = 0; press < 4; press++) await expect(followUp('Thanks, 9 suits.')).rejects.toBeInstanceOf(ApiRequestError);
    expect((await followUp('Thanks, 9 suits.')).request.status).toBe('in_progress');
    await followUp('Thanks, 9 suits.');
    const keys = keysSent(request);
    expect(keys).toHaveLength(6);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys.slice(0, 5)).size).toBe(1);
    expect(keys[5]).not.toBe(keys[0]);
  });

  it('takes a new key for other words, and after a refusal that kept nothing', async () => {
    const answers = [json(400, { error: 'validation_error', message: 'body: Write a message' }), answered, answered];
    const request = installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 't' }) : answers.shift()!));
    await expect(followUp('Gate code?')).rejects.toBeInstanceOf(ApiRequestError);
    await followUp('Gate code?');
    await followUp('Other words');
    const [refused, afresh, otherWords] = keysSent(request);
    expect(afresh).not.toBe(refused);
    expect(otherWords).not.toBe(afresh);
  });

  it('keys a form by its fields and files: the same file pressed again is the same sending, another file another', async () => {
    const answers = [
      () => json(503, { error: 'database_unavailable', message: 'We cannot reach our database just now.' }),
      () => json(201, { imported: 6, importBatchId: 'b1' }),
      () => json(201, { imported: 6, importBatchId: 'b2' }),
    ];
    const request = installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 't' }) : answers.shift()!()));
    const importFile = (file: File) => {
      const form = new FormData();
      form.set('memberId', 'm1');
      form.set('file', file);
      return callEndpoint(soilEndpoints.commitImport, { form });
    };
    const report = new File(['Paddock,pH\nNorth,5.8\n'], 'report.csv', { lastModified: 1 });
    await expect(importFile(report)).rejects.toBeInstanceOf(ApiRequestError);
    await importFile(new File(['Paddock,pH\nNorth,5.9\n'], 'report.csv', { lastModified: 2 }));
    await importFile(report);
    const [lost, anotherFile, pressedAgain] = keysSent(request);
    expect(anotherFile).not.toBe(lost);
    expect(pressedAgain).toBe(lost);
  });

  it('sends no key to an endpoint that is not marked', async () => {
    const request = installBridge((input) => (input.path === '/api/auth/csrf' ? json(200, { csrfToken: 't' }) : json(200, { newCount: 3 })));
    await callEndpoint(supportRequestEndpoints.newCount);
    expect(keysSent(request)).toEqual([undefined]);
  });
});

describe('an answer asked for early, as a guarded page opens', () => {
  const newCountPath = endpointUrl(supportRequestEndpoints.newCount);
  /** Answers 1, 2, 3… in turn, so a test can tell which question an answer was for. */
  const counting = () => {
    let asked = 0;
    return installBridge(() => json(200, { newCount: ++asked }));
  };
  const newCount = async () => (await callEndpoint(supportRequestEndpoints.newCount)).newCount;

  afterEach(() => vi.useRealTimers());

  it('is asked for once however often the page asks, handed to the first call for it, and the next call asks again', async () => {
    const request = counting();
    askEarly(newCountPath);
    askEarly(newCountPath);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toMatchObject({ method: 'GET', path: newCountPath });
    expect(await newCount()).toBe(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(await newCount()).toBe(2);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('is not handed to a call that comes long after it: that call asks the server afresh', async () => {
    vi.useFakeTimers();
    const request = counting();
    askEarly(newCountPath);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await newCount()).toBe(2);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('that got no answer is the first call’s network error, in words, and the next call asks again', async () => {
    let reachable = false;
    const request = installBridge(() => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return json(200, { newCount: 4 });
    });
    askEarly(newCountPath);
    await expect(newCount()).rejects.toEqual(new ApiRequestError(0, 'network_error', 'Network error. Please check your connection and try again.'));
    reachable = true;
    expect(await newCount()).toBe(4);
    expect(request).toHaveBeenCalledTimes(2);
  });
});
