import type { ReactNode } from 'react';

export type HeaderUser = {
  name: string;
  /** Picture URL; without one the initial is shown. */
  pictureUrl?: string | null;
};

export type HeaderProps = {
  /** Name or logo of the app, usually a link to its home page. */
  brand: ReactNode;
  versionLabel?: string;
  user?: HeaderUser | null;
  /** Slot for the notification bell. */
  notifications?: ReactNode;
  /** Buttons or links on the right: sign-out, return to one's own session… */
  actions?: ReactNode;
};

/** Top bar of the signed-in pages. Purely presentational: every action comes through slots. */
export function Header({ brand, versionLabel, user, notifications, actions }: HeaderProps) {
  return (
    // One row at every width: the brand shrinks first (on a phone its name wraps onto two lines
    // rather than losing its end), the version label and the user's name leave the screen (not
    // the accessibility tree) on phones, and so does the user's picture: its room goes to the name.
    <header className="flex flex-nowrap items-center gap-x-3 border-b border-slate-200 bg-surface px-4 py-3 md:gap-x-4 md:px-6">
      <div className="min-w-0 text-base font-semibold break-words text-brand-700 sm:truncate sm:text-lg">
        {brand}
      </div>
      {versionLabel && (
        <span className="hidden shrink-0 text-sm text-muted sm:inline">{versionLabel}</span>
      )}
      <div className="ml-auto flex shrink-0 flex-nowrap items-center gap-3">
        {notifications}
        {user && <UserBadge user={user} />}
        {actions}
      </div>
    </header>
  );
}

function UserBadge({ user }: { user: HeaderUser }) {
  return (
    <span className="flex min-w-0 items-center gap-2 text-sm text-ink" title={user.name}>
      {user.pictureUrl ? (
        <img
          src={user.pictureUrl}
          alt=""
          className="hidden size-8 rounded-full object-cover sm:block"
        />
      ) : (
        <span
          aria-hidden="true"
          className="hidden size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700 sm:grid"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span data-testid="current-user" className="sr-only md:not-sr-only md:max-w-48 md:truncate">
        {user.name}
      </span>
    </span>
  );
}
