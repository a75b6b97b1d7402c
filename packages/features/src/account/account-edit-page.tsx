import { useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { ButtonLink } from '@portal/ui/button-link';
import { EmailForm, PasswordForm, PhotoForm } from './account-forms';
import { AccountFrame } from './account-frame';
import { messages } from './messages';
import { SupportRequestCard } from './support-request-form';

/**
 * /my/account/edit (`account_modifications_page`): change e-mail, password and photo, and send
 * a support request. E-mail and password stay the account holder's: an administrator viewing
 * the portal as him sees them disabled (the backend refuses them too).
 */
export function AccountEditPage({ accountPath }: { accountPath: string }) {
  const impersonating = useSession()?.isImpersonateUser ?? false;
  return (
    <AccountFrame
      id="account-edit-title"
      title={messages.editTitle}
      link={
        <ButtonLink href={accountPath} variant="ghost">
          {messages.back}
        </ButtonLink>
      }
    >
      {(account) => (
        <>
          {impersonating && <Alert variant="info">{messages.notWhileImpersonating}</Alert>}
          <EmailForm account={account} disabled={impersonating} />
          <PasswordForm account={account} disabled={impersonating} />
          <PhotoForm account={account} />
          <SupportRequestCard id="account-support" />
        </>
      )}
    </AccountFrame>
  );
}
