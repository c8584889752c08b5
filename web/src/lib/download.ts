import { apiFetch } from './api';
import { readJson } from './errors';

/**
 * Saves a server download (xlsx…) under its own file name (Content-Disposition) or `fallbackName`, fetched with the
 * same auth as every call; a refused download throws ApiError.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await apiFetch(path);
  if (!res.ok) await readJson(res);
  const blob = await res.blob();
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // the click has handed the blob to the browser's download; free it a moment later
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
