/** Hands a file (a blob, or a URL such as a data: URL) to the browser as a download. */
export function saveFile(file: Blob | string, fileName: string): void {
  const url = typeof file === 'string' ? file : URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the file (a click starts the download asynchronously).
  if (typeof file !== 'string') setTimeout(() => URL.revokeObjectURL(url), 1000);
}
