import type { ReactNode } from 'react';
import { messages } from '../messages';

/** Frame of the public screens: header with the network's name and the version label. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="flex items-center justify-between border-b border-slate-200 bg-surface px-6 py-3">
        <span className="text-lg font-semibold text-brand-700">Réseau Patrimoine</span>
        <span className="text-sm text-muted" aria-label={`Version ${messages.versionLabel}`}>
          {messages.versionLabel}
        </span>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12">{children}</main>
    </div>
  );
}
