import { type Account, getAccountQuery } from '@portal/api/account';
import { Alert } from '@portal/ui/alert';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAGE_HEADER, TitledSection } from '../common';
import { messages } from './messages';

/**
 * The frame of the account pages (reading, editing): the h1 with its link to the other one,
 * then the account once read, its loading or its error; `after`, what comes in any case.
 */
export function AccountFrame({
  id,
  title,
  link,
  after,
  children,
}: {
  id: string;
  title: string;
  link: ReactNode;
  after?: ReactNode;
  children: (account: Account) => ReactNode;
}) {
  const account = useQuery(getAccountQuery());
  return (
    <TitledSection
      id={id}
      level={1}
      title={title}
      header={PAGE_HEADER}
      aside={link}
      className="max-w-3xl space-y-4"
    >
      {account.isPending && <p role="status">{messages.loading}</p>}
      {account.isError && (
        <Alert variant="error">{messages.errorPrefix + account.error.message}</Alert>
      )}
      {account.data && children(account.data)}
      {after}
    </TitledSection>
  );
}
