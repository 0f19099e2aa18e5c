// Copying a link for the person: the Clipboard API, else selecting the text in a field and the old copy command.

export async function copyText(text: string, fallbackField: HTMLTextAreaElement | HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!fallbackField) return false;
    fallbackField.focus();
    fallbackField.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
