/** Offers text as a file download (UTF-8 plain text) under the given name. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the click returns; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
