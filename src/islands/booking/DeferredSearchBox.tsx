// The search box on a page that loads React only when a person acts on it (`client:interaction`,
// src/directives/interaction.ts): the server renders its stand-in (src/components/SearchBoxStandIn.astro), the browser
// the search box itself, which takes over the field the person touched.
import type { ReactNode } from 'react';
import SearchBox, { type SearchBoxProps } from './SearchBox';

export default function DeferredSearchBox({ children, ...props }: SearchBoxProps & { children?: ReactNode }) {
  return import.meta.env.SSR ? <>{children}</> : <SearchBox {...props} />;
}
