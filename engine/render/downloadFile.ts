/** Hands a file to the browser as a download named `fileName`. */
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the file (a click starts the download asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
