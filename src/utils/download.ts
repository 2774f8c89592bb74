/** Saves `blob` as a file named `filename` through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves `text` as a file named `filename` (no server round trip). */
export function downloadText(text: string, filename: string, type: string) {
  saveBlob(new Blob([text], { type }), filename);
}
