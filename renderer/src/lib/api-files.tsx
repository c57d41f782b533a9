/**
 * The one way pages show and offer files of the API (claim photos, PDFs, CSV), the same on the
 * web and in the desktop console. On the web the browser loads /api/ URLs itself, with the
 * session cookie, so images and links keep their plain URLs. In the console the page lives on
 * app://console and holds no cookie for the server: the file comes through the bridge (apiFile,
 * the data client's transport) and is shown or saved from a blob: URL. Uploads are forms sent
 * with apiRequest(…, { form }), through the same transport. Files to save come through the
 * transport everywhere (ApiFileLink), so a refusal is said beside the link.
 */
import { type AnchorHTMLAttributes, type ImgHTMLAttributes, type MouseEvent, useEffect, useState } from 'react';
import { IMAGE_WIDTHS } from '@shared/constants';
import { formatFileSize } from '@shared/format';
import { imageSrcSet, imageVariantPath } from '@shared/contracts/files';
import { apiFile, usesDesktopTransport } from './api-client';

type FileUrl = { status: 'loading' | 'failed'; url: undefined } | { status: 'ready'; url: string };

/** A URL an <img> can load for the API path: the path itself on the web, a blob: URL in the console. */
export function useApiFileUrl(path: string): FileUrl {
  const [desktop] = useState(usesDesktopTransport);
  const [loaded, setLoaded] = useState<{ path: string; url: string | undefined }>();

  useEffect(() => {
    if (!desktop) return;
    let current = true;
    let objectUrl: string | undefined;
    // eslint-disable-next-line no-restricted-syntax -- not server data to cache: a blob: URL that lives as long as this image and is revoked with it
    apiFile(path)
      .then(({ blob }) => {
        objectUrl = URL.createObjectURL(blob);
        if (current) setLoaded({ path, url: objectUrl });
        else URL.revokeObjectURL(objectUrl);
      })
      .catch(() => current && setLoaded({ path, url: undefined }));
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [desktop, path]);

  if (!desktop) return { status: 'ready', url: path };
  if (loaded?.path !== path) return { status: 'loading', url: undefined };
  return loaded.url === undefined ? { status: 'failed', url: undefined } : { status: 'ready', url: loaded.url };
}

/**
 * An image of the API (a claim photo); in the console a placeholder says when it could not be loaded.
 * With `sizes` (how wide the layout shows it, as the <img> attribute says it) a photo comes at SPEC
 * §9's widths and the browser takes the one its layout and screen need; the console, which loads one
 * file through the bridge, takes the smallest, ample for a thumbnail on a desktop screen.
 */
export function ApiImage({ path, alt, sizes, ...rest }: { path: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'>) {
  const responsive = sizes !== undefined;
  const file = useApiFileUrl(responsive ? imageVariantPath(path, IMAGE_WIDTHS[0]) : path);
  const [desktop] = useState(usesDesktopTransport);
  if (file.status === 'failed') return <span role="img" aria-label={`${alt} (could not be loaded)`} className={rest.className} />;
  const widths = responsive && !desktop ? { srcSet: imageSrcSet(path), sizes } : {};
  return <img {...rest} {...widths} src={file.url} alt={alt} aria-busy={file.status === 'loading' || undefined} />;
}

/** Saves a file of the API through the data client's transport, under the server's name for it. */
export async function saveApiFile(path: string, fallbackName?: string, onProgress?: (receivedBytes: number) => void): Promise<void> {
  const { blob, fileName } = await apiFile(path, onProgress);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName ?? fallbackName ?? '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download before the browser has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'download' | 'target'> & {
  path: string;
  /** The name to save under when the server gives none. */
  fileName?: string;
  /** On the web, open the file in a new tab (a PDF to read) instead of saving it. The console always saves. */
  opensInTab?: boolean;
};

type Download = { busy: false; problem?: string } | { busy: true; received?: string };

/**
 * A link to a file of the API. A file to read on the web is a plain link that opens in a new tab.
 * A file to save is fetched by the click, through the data client's transport, and saved under the
 * server's name for it: the link says how much has come while it comes, and why not when the
 * server refuses (a search too broad, a session ended, an outage), where a plain download link
 * would only show "Failed" in the browser's downloads. The href stays the file's address, for a
 * new tab (a click with Ctrl, ⌘, Shift or Alt, or the middle button, is left to the browser) or
 * "Save link as".
 */
export function ApiFileLink({ path, fileName, opensInTab = false, onClick, children, ...rest }: LinkProps) {
  const [desktop] = useState(usesDesktopTransport);
  const [download, setDownload] = useState<Download>({ busy: false });

  if (opensInTab && !desktop) {
    return (
      <a {...rest} target="_blank" rel="noopener" href={path} onClick={onClick}>
        {children}
      </a>
    );
  }

  const showProgress = (receivedBytes: number) => {
    const received = formatFileSize(receivedBytes);
    setDownload((current) => (current.busy && current.received === received ? current : { busy: true, received }));
  };
  const save = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // On the web a click with a modifier asks the browser for a new tab or window, or its own download: the address serves it.
    if (!desktop && (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) return;
    event.preventDefault();
    if (download.busy) return;
    setDownload({ busy: true });
    saveApiFile(path, fileName, showProgress).then(
      () => setDownload({ busy: false }),
      (error: unknown) => setDownload({ busy: false, problem: error instanceof Error ? error.message : 'The file could not be downloaded.' }),
    );
  };
  return (
    <>
      <a {...rest} href={path} onClick={save} aria-busy={download.busy || undefined}>
        {children}
      </a>
      {download.busy && <span role="status"> Downloading{download.received ? ` ${download.received}` : ''}…</span>}
      {!download.busy && download.problem && <span role="alert"> The file could not be downloaded: {download.problem}</span>}
    </>
  );
}
