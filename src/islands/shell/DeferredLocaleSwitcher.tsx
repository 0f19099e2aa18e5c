// The language and currency button on a page that loads React only when a person acts on it (`client:interaction`,
// src/directives/interaction.ts): the server renders the stand-in it is given (drawn by src/islands/shell/page-shell.ts),
// the browser the switcher itself.
import type { ReactNode } from 'react';
import LocaleSwitcher from './LocaleSwitcher';

export default function DeferredLocaleSwitcher({ children }: { children?: ReactNode }) {
  return import.meta.env.SSR ? <>{children}</> : <LocaleSwitcher />;
}
