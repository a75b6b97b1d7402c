import type { components } from '@portal/api/main';
import { Gate, isDisabled, useSession } from '@portal/auth';
import { startImpersonation } from '@portal/auth/impersonation';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { useState } from 'react';
import { messages } from './messages';

type User = components['schemas']['User'];

export function UsersTable({ users }: { users: User[] }) {
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState<number | null>(null);

  const impersonate = async (user: User) => {
    setFailure(null);
    setStarting(user.id);
    try {
      await startImpersonation(user.id);
    } catch (error) {
      setFailure(messages.errorPrefix + (error as Error).message);
      setStarting(null);
    }
  };

  // Switching user is hidden while already viewing the portal as someone else.
  const canSwitch = (user: User) =>
    !session?.isImpersonateUser && user.id !== session?.userId && !isDisabled(user);

  return (
    <div className="space-y-3">
      {failure && <Alert variant="error">{failure}</Alert>}
      {/* The table scrolls sideways inside its own region on narrow screens, never the page
          (relative: the sr-only texts of its cells are positioned inside it, not on the page). */}
      <div
        role="region"
        aria-label={messages.usersTitle}
        tabIndex={0}
        data-scroll-region
        className="relative max-w-full overflow-x-auto rounded-card bg-surface shadow-sm"
      >
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{messages.usersTitle}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.lastName}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.firstName}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.email}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.profile}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {messages.actions}
              </th>
            </tr>
          </thead>
          <tbody>
            {users.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-3 text-muted">
                  {messages.noUsers}
                </td>
              </tr>
            )}
            {users.map((user) => (
              <tr key={user.id} className="border-b border-slate-100 last:border-0">
                <td className="px-4 py-2">{user.lastName}</td>
                <td className="px-4 py-2">{user.firstName}</td>
                <td className="px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{user.profile.title}</td>
                <td className="px-4 py-2">
                  {canSwitch(user) && (
                    <Gate component="users_switch_user">
                      <Button
                        size="sm"
                        variant="secondary"
                        className="whitespace-nowrap"
                        loading={starting === user.id}
                        disabled={starting !== null}
                        onClick={() => void impersonate(user)}
                      >
                        {messages.impersonate}
                        <span className="sr-only">
                          {' '}
                          {user.firstName} {user.lastName}
                        </span>
                      </Button>
                    </Gate>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
