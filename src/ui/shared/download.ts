/** Saves text as a file through a temporary link (the File System Access API is not everywhere). */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  downloadParts(fileName, [text], type);
}

/** Saves pieces of text as one file: a Blob joins them, so the whole never has to be one string. */
export function downloadParts(fileName: string, parts: readonly string[], type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob(parts as string[], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
