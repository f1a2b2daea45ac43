/** Hands a file to the browser as a download, under that name. */
export function saveFile({ file, name }: { file: Blob; name: string }): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
