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
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-surface px-4 py-3 md:px-6">
      <div className="text-lg font-semibold text-brand-700">{brand}</div>
      {versionLabel && <span className="text-sm text-muted">{versionLabel}</span>}
      <div className="ml-auto flex flex-wrap items-center gap-3">
        {notifications}
        {user && <UserBadge user={user} />}
        {actions}
      </div>
    </header>
  );
}

function UserBadge({ user }: { user: HeaderUser }) {
  return (
    <span className="flex items-center gap-2 text-sm text-ink">
      {user.pictureUrl ? (
        <img src={user.pictureUrl} alt="" className="size-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-700"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span data-testid="current-user">{user.name}</span>
    </span>
  );
}
