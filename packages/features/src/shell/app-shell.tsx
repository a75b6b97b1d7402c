import { messages, useSession } from '@portal/auth';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** Frame of the signed-in pages of both apps: header with the version label, the user and sign-out. */
export function AppShell({ title, children }: { title: string; children: ReactNode }) {
  const session = useSession();
  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="flex items-center gap-4 border-b border-slate-200 bg-surface px-6 py-3">
        <Link href="/" className="text-lg font-semibold text-brand-700">
          {title}
        </Link>
        <span className="text-sm text-muted">{messages.versionLabel}</span>
        <div className="ml-auto flex items-center gap-4">
          {session && (
            <span className="flex items-center gap-2 text-sm text-ink" data-testid="current-user">
              {session.circularPicture || session.picture ? (
                <img
                  src={session.circularPicture ?? session.picture ?? ''}
                  alt=""
                  className="size-8 rounded-full"
                />
              ) : (
                <span
                  aria-hidden
                  className="grid size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700"
                >
                  {session.fullName.slice(0, 1)}
                </span>
              )}
              {session.fullName}
            </span>
          )}
          <Link href="/logout" className="text-sm text-brand-700 underline">
            Se déconnecter
          </Link>
        </div>
      </header>
      <main className="flex-1 p-6">{children}</main>
    </div>
  );
}
