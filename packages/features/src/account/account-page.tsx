import type { AgentAccount } from '@portal/api/account';
// The subpath, not the package's index: importing the index here made the bundler split the
// sign-in route into more chunks (+1.8 KB gzip, over the agent budget).
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { ButtonLink } from '@portal/ui/button-link';
import { formatDate } from '@portal/ui/format';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Facts, Habilitations, InfoCard, mediaUrl, Qualification } from '../common';
import { AccountFrame } from './account-frame';
import { AccountSessions } from './account-sessions';
import { messages } from './messages';
import { SecondFactorSection } from './second-factor-section';

/** Days before the end of the ORIAS registration from which the page warns (issue 14). */
export const ORIAS_WARNING_DAYS = 60;

/** Whole days from today to `end` (negative once past), or null without a date. */
export function daysUntil(end: string | null, today = dayjs()): number | null {
  if (!end) return null;
  return dayjs(end).startOf('day').diff(today.startOf('day'), 'day');
}

function OriasNotice({ end }: { end: string | null }) {
  const days = daysUntil(end);
  if (days === null || days > ORIAS_WARNING_DAYS) return null;
  return (
    <Alert variant={days < 0 ? 'error' : 'warning'} className="mt-4">
      {days < 0 ? messages.oriasExpired : messages.oriasEndsSoon(days)}
    </Alert>
  );
}

function AgentBlocks({ agent }: { agent: AgentAccount }) {
  const address = [
    agent.postalAddress,
    [agent.postalCode, agent.postalCity].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <InfoCard id="account-address" title={messages.address}>
        <Facts
          rows={[
            [messages.postalAddress, address],
            [messages.phone, agent.phoneNumber],
            [messages.birthday, agent.birthday ? formatDate(agent.birthday) : null],
            [messages.registerDate, agent.registerDate ? formatDate(agent.registerDate) : null],
          ]}
        />
      </InfoCard>
      <InfoCard id="account-company" title={messages.companyBlock}>
        <Facts
          rows={[
            [messages.company, agent.company],
            [messages.siret, agent.siret],
            [messages.vat, agent.vatIdNumber],
            [
              messages.iban,
              agent.ibanLast4 ? (
                <>
                  <span className="sr-only">{`${messages.ibanHidden} : ${agent.ibanLast4}`}</span>
                  <span aria-hidden="true" className="font-mono tracking-wider">
                    •••• •••• •••• •••• •••• {agent.ibanLast4}
                  </span>
                </>
              ) : null,
            ],
            [messages.microEnterprise, agent.microEnterprise ? messages.yes : messages.no],
          ]}
        />
      </InfoCard>
      <InfoCard id="account-compliance" title={messages.compliance}>
        <Facts
          rows={[
            [
              messages.qualification,
              <Qualification key="q" name={agent.qualification} level={agent.level} />,
            ],
            [messages.orias, agent.oriasNumber],
            [
              messages.oriasEnd,
              agent.oriasEndOfValidity ? formatDate(agent.oriasEndOfValidity) : null,
            ],
          ]}
        />
        <Habilitations
          iobsp={agent.habilitationIobsp}
          ias={agent.habilitationIas}
          cif={agent.habilitationCif}
        />
        <OriasNotice end={agent.oriasEndOfValidity} />
      </InfoCard>
    </>
  );
}

/** /my/account: identity, address, company, bank and compliance data, read back from the backend. */
export function AccountPage({ editPath }: { editPath?: string }) {
  return (
    <AccountFrame
      id="account-title"
      title={messages.title}
      link={
        editPath && (
          <Gate component="account_modifications_page">
            <ButtonLink href={editPath} variant="secondary">
              {messages.edit}
            </ButtonLink>
          </Gate>
        )
      }
      after={<AccountSessions />}
    >
      {(data) => {
        const photo = mediaUrl(data.circularPicture ?? data.picture);
        return (
          <>
            <InfoCard id="account-identity" title={messages.identity}>
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
                {photo ? (
                  <img
                    src={photo}
                    alt={messages.photo}
                    width={96}
                    height={96}
                    className="size-24 shrink-0 rounded-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-2xl font-semibold text-brand-700"
                  >
                    {(data.firstName[0] ?? '') + (data.lastName[0] ?? '')}
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <Facts
                    rows={[
                      [messages.fullName, `${data.firstName} ${data.lastName}`],
                      [messages.email, data.email],
                      [messages.profile, data.profilName],
                      ...(data.agent
                        ? ([[messages.cgpId, data.agent.cgpId]] as [string, ReactNode][])
                        : []),
                    ]}
                  />
                </div>
              </div>
            </InfoCard>
            {data.agent ? (
              <AgentBlocks agent={data.agent} />
            ) : (
              <p className="text-sm text-muted">{messages.staffNoAgent}</p>
            )}
            <SecondFactorSection />
          </>
        );
      }}
    </AccountFrame>
  );
}
