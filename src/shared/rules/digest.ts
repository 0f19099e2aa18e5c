// Lowercase hex and SHA-256 digests, written once for the browser, Node and Workers (WebCrypto).

export const toHex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex SHA-256 of `text` encoded as UTF-8 (64 digits). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
