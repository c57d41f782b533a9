// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadProgressListener } from '../../lib/api-client';
import { UploadProgress, useUploadProgress } from './upload-progress';

afterEach(cleanup);

/** The hook and what it shows, with the hook's listener and clear handed out as a call would use them. */
function Upload({ handOut, onDraw }: { handOut: (upload: { listen: UploadProgressListener; clear: () => void }) => void; onDraw: () => void }) {
  const upload = useUploadProgress();
  handOut(upload);
  onDraw();
  return <UploadProgress sent={upload.sent} label="Sending the photos" />;
}

describe('how far an upload has gone', () => {
  it('shows nothing until the upload starts, then the bar with what has gone, then that it is being saved, and nothing once cleared', () => {
    let upload: { listen: UploadProgressListener; clear: () => void } | undefined;
    render(<Upload handOut={(given) => (upload = given)} onDraw={() => undefined} />);
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => upload!.listen(1_258_291, 12_373_196));
    const bar = screen.getByRole('progressbar', { name: 'Sending the photos' }) as HTMLProgressElement;
    expect(bar.value).toBe(1_258_291);
    expect(bar.max).toBe(12_373_196);
    expect(screen.getByText('1.2 MB of 11.8 MB sent')).toBeTruthy();

    act(() => upload!.listen(12_373_196, 12_373_196));
    expect(screen.getByText('All sent; saving it now…')).toBeTruthy();

    act(() => upload!.clear());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('draws the page again once a whole percent, not at every event the browser sends', () => {
    let upload: { listen: UploadProgressListener; clear: () => void } | undefined;
    let draws = 0;
    render(<Upload handOut={(given) => (upload = given)} onDraw={() => (draws += 1)} />);
    const drawnBefore = draws;
    // 100 events within the first percent of 10 MB, then one at 1%.
    act(() => {
      for (let sent = 1_000; sent <= 100_000; sent += 1_000) upload!.listen(sent, 10_485_760);
    });
    expect(draws - drawnBefore).toBe(1);
    act(() => upload!.listen(104_858, 10_485_760));
    expect(draws - drawnBefore).toBe(2);
  });
});
