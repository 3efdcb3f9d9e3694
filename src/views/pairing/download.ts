// Handing a file made in the page to the browser to save (the tablet's Downloads).

/**
 * Lets the browser save `text` as `fileName`.
 * @example saveFile('hotel-till-unsent-2026-11-22-2105.json', json, 'application/json');
 */
export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
