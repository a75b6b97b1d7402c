import {
  getUserQuery,
  type User,
  useDeleteUser,
  useDisableUser,
  useSendUserResetMail,
} from '@portal/api/administration';
import { Gate, isDisabled, useSession } from '@portal/auth';
import { startImpersonation } from '@portal/auth/impersonation';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ButtonLink } from '@portal/ui/button-link';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { BackLink, RecordFact, RecordFrame, RecordHeader } from '../list-kit';
import { staffPaths } from '../paths/staff';
import { useCanManage } from './manageable';
import { UserSecondFactor } from './user-second-factor';
import { messages } from './messages';

type Action = 'reset' | 'disable' | 'delete';

/**
 * /administration/users/{id} (`users_details_page`): the account, and the actions on it, each
 * confirmed first: edit, reset mail, deactivate, delete (`users_edit_page`) and view the portal
 * as him (`users_switch_user`, hidden while already viewing as someone else). An account holding
 * rights the caller lacks offers none of them.
 */
export function UserDetailPage({ id }: { id: string }) {
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId > 0;
  const user = useQuery({ ...getUserQuery(userId), enabled: valid });
  return (
    <RecordFrame
      back={<BackLink fallback={staffPaths.users} label={messages.backToUsers} />}
      record={user}
      valid={valid}
      notFound={messages.userNotFound}
      notFoundTitle={messages.userDetailTitle}
    >
      {(data) => <UserRecord user={data} />}
    </RecordFrame>
  );
}

function UserRecord({ user }: { user: User }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const [action, setAction] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  const self = session?.userId === user.id;
  const disabled = isDisabled(user);
  const manageable = useCanManage()(user);

  const done = (message: string) => {
    showSnackbar(message, 'success');
    setAction(null);
  };
  const onError = (error: Error) => setFailure(messages.errorPrefix + error.message);
  const reset = useSendUserResetMail({ onSuccess: () => done(messages.resetSent), onError });
  const disable = useDisableUser({ onSuccess: () => done(messages.userDisabled), onError });
  const remove = useDeleteUser({
    onSuccess: () => {
      done(messages.userDeleted);
      navigate(staffPaths.users);
    },
    onError,
  });
  const pending = reset.isPending || disable.isPending || remove.isPending;

  const confirm = () => {
    setFailure(null);
    if (action === 'reset') reset.mutate(user.id);
    if (action === 'disable') disable.mutate(user.id);
    if (action === 'delete') remove.mutate(user.id);
  };
  const impersonate = async () => {
    setFailure(null);
    setSwitching(true);
    try {
      await startImpersonation(user.id);
    } catch (error) {
      setFailure(messages.errorPrefix + (error as Error).message);
      setSwitching(false);
    }
  };

  const dialog: Record<Action, { title: string; message: string; destructive: boolean }> = {
    reset: { title: messages.sendReset, message: messages.confirmReset(name), destructive: false },
    disable: { title: messages.disable, message: messages.confirmDisable(name), destructive: true },
    delete: {
      title: messages.deleteUser,
      message: messages.confirmDelete(name),
      destructive: true,
    },
  };

  return (
    <>
      <RecordHeader
        title={name}
        actions={
          manageable && (
            <>
              <Gate component="users_edit_page">
                <ButtonLink href={staffPaths.userEdit(user.id)} variant="secondary">
                  {messages.edit}
                </ButtonLink>
                {!disabled && (
                  <Button variant="secondary" onClick={() => setAction('reset')}>
                    {messages.sendReset}
                  </Button>
                )}
                {!self && !disabled && (
                  <Button variant="secondary" onClick={() => setAction('disable')}>
                    {messages.disable}
                  </Button>
                )}
                {!self && (
                  <Button variant="danger" onClick={() => setAction('delete')}>
                    {messages.deleteUser}
                  </Button>
                )}
              </Gate>
              {!self && !disabled && !session?.isImpersonateUser && (
                <Gate component="users_switch_user">
                  <Button loading={switching} onClick={() => void impersonate()}>
                    {messages.impersonate}
                  </Button>
                </Gate>
              )}
            </>
          )
        }
      />
      {!manageable && <Alert variant="info">{messages.userAboveYou}</Alert>}
      {failure && <Alert variant="error">{failure}</Alert>}
      {disabled && <Alert variant="warning">{messages.disabledNotice}</Alert>}
      <section aria-labelledby="user-facts" className="rounded-card bg-surface p-6 shadow-sm">
        <h2 id="user-facts" className="sr-only">
          {messages.userDetailTitle}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <RecordFact label={messages.email}>{user.email}</RecordFact>
          <RecordFact label={messages.lastName}>{user.lastName}</RecordFact>
          <RecordFact label={messages.firstName}>{user.firstName}</RecordFact>
          <RecordFact label={messages.profile}>{user.profile.title}</RecordFact>
          <RecordFact label={messages.cgpId}>{user.cgpId}</RecordFact>
          <RecordFact label={messages.status}>
            {disabled ? messages.disabledStatus : messages.active}
          </RecordFact>
        </dl>
      </section>
      <UserSecondFactor userId={user.id} manageable={manageable} />
      {action && (
        <ConfirmDialog
          open
          onClose={() => setAction(null)}
          onConfirm={confirm}
          title={dialog[action].title}
          message={dialog[action].message}
          confirmLabel={messages.confirm}
          cancelLabel={messages.cancel}
          destructive={dialog[action].destructive}
          pending={pending}
          error={failure && <Alert variant="error">{failure}</Alert>}
        />
      )}
    </>
  );
}
