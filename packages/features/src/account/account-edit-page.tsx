import { getAccountQuery } from '@portal/api/account';
import { useSession } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { ButtonLink } from '@portal/ui/button-link';
import { useQuery } from '@tanstack/react-query';
import { EmailForm, PasswordForm, PhotoForm } from './account-forms';
import { PAGE_HEADER, TitledSection } from '../common';
import { messages } from './messages';
import { SupportRequestCard } from './support-request-form';

/**
 * /my/account/edit (`account_modifications_page`): change e-mail, password and photo, and send
 * a support request. E-mail and password stay the account holder's: an administrator viewing
 * the portal as him sees them disabled (the backend refuses them too).
 */
export function AccountEditPage({ accountPath }: { accountPath: string }) {
  const account = useQuery(getAccountQuery());
  const impersonating = useSession()?.isImpersonateUser ?? false;
  return (
    <TitledSection
      id="account-edit-title"
      level={1}
      title={messages.editTitle}
      header={PAGE_HEADER}
      aside={
        <ButtonLink href={accountPath} variant="ghost">
          {messages.back}
        </ButtonLink>
      }
      className="max-w-3xl space-y-4"
    >
      {account.isPending && <p role="status">{messages.loading}</p>}
      {account.isError && (
        <Alert variant="error">{messages.errorPrefix + account.error.message}</Alert>
      )}
      {account.data && (
        <>
          {impersonating && <Alert variant="info">{messages.notWhileImpersonating}</Alert>}
          <EmailForm account={account.data} disabled={impersonating} />
          <PasswordForm account={account.data} disabled={impersonating} />
          <PhotoForm account={account.data} />
          <SupportRequestCard id="account-support" />
        </>
      )}
    </TitledSection>
  );
}
