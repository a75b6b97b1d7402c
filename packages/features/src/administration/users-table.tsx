import type { components } from '@portal/api/main';
import { Gate, isDisabled, useSession } from '@portal/auth';
import { startImpersonation } from '@portal/auth/impersonation';
import { Button } from '@portal/ui/button';
import type { DataGridColumn } from '@portal/ui/data-grid';
import { useState } from 'react';
import { column, sortableColumn } from '../list-kit';
import { staffPaths } from '../paths/staff';
import { useCanManage } from './manageable';
import { messages } from './messages';

export type User = components['schemas']['User'];

/**
 * The users grid's columns, the last one the way to view the portal as the user
 * (`users_switch_user`): hidden for oneself, a suspended account, an account holding rights the
 * caller lacks, and while already viewing the portal as someone else. A failure is reported
 * through `onFailure`.
 */
export function useUserColumns(onFailure: (message: string | null) => void) {
  const session = useSession();
  const [starting, setStarting] = useState<number | null>(null);
  const canManage = useCanManage();

  const impersonate = async (user: User) => {
    onFailure(null);
    setStarting(user.id);
    try {
      await startImpersonation(user.id);
    } catch (error) {
      onFailure(messages.errorPrefix + (error as Error).message);
      setStarting(null);
    }
  };
  const canSwitch = (user: User) =>
    !session?.isImpersonateUser &&
    user.id !== session?.userId &&
    !isDisabled(user) &&
    canManage(user);

  const columns: DataGridColumn<User>[] = [
    {
      ...sortableColumn<User>('lastName', messages.lastName, (u) => u.lastName),
      alwaysVisible: true,
      href: (u) => staffPaths.userDetail(u.id),
    },
    sortableColumn('firstName', messages.firstName, (u) => u.firstName),
    { ...sortableColumn('email', messages.email, (u) => u.email), minWidth: 200 },
    { ...sortableColumn('profile', messages.profile, (u) => u.profile.title), minWidth: 140 },
    {
      ...column('status', messages.status, (u) =>
        isDisabled(u) ? messages.disabledStatus : messages.active,
      ),
      minWidth: 104,
    },
    {
      field: 'actions',
      header: messages.actions,
      value: () => '',
      alwaysVisible: true,
      // The button's label on one line; the columns' minimum widths add up to less than the
      // grid's width at 1280 px beside the menu, so that none is cut.
      minWidth: 260,
      render: (user) =>
        canSwitch(user) ? (
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
        ) : null,
    },
  ];
  return columns;
}
