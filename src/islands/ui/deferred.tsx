// An island that waits (`client:interaction`, src/directives/interaction.ts): the server renders its stand-in (the
// island's children), the browser the island itself, which takes the stand-in's place
// (docs/decisions/0039-page-weight-by-interaction.md). Each deferred island is a module of its own (Astro hydrates by module).
import type { ComponentType, ReactNode } from 'react';

export function deferred<P extends object>(Island: ComponentType<P>) {
  return function Deferred({ children, ...props }: P & { children?: ReactNode }) {
    return import.meta.env.SSR ? <>{children}</> : <Island {...(props as P)} />;
  };
}
