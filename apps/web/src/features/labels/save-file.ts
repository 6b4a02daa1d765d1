/** Hands a file to the browser as a download (a blob URL on a temporary link). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; a minute leaves slow browsers room.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
