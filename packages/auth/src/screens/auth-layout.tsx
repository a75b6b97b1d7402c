import type { ReactNode } from 'react';
import { messages } from '../messages';
import { authSetup } from '../setup';

/** Frame of the public screens: header with the family mark, the network's and the product's names, and the version label. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="flex items-center justify-between border-b border-slate-200 bg-surface px-6 py-3">
        {/* Same mark and network name in both apps; the product name and accent differ. */}
        <span className="flex items-center gap-2 font-semibold text-brand-700">
          <span aria-hidden="true" className="brand-mark size-7" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg">Réseau Patrimoine</span>
            <span className="text-sm text-muted">{authSetup().title}</span>
          </span>
        </span>
        <span className="text-sm text-muted" aria-label={`Version ${messages.versionLabel}`}>
          {messages.versionLabel}
        </span>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12">{children}</main>
    </div>
  );
}
