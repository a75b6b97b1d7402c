import { type AgentAccount, getAccountQuery } from '@portal/api/account';
// The subpath, not the package's index: importing the index here made the bundler split the
// sign-in route into more chunks (+1.8 KB gzip, over the agent budget).
import { Gate } from '@portal/auth/guard';
import { Alert } from '@portal/ui/alert';
import { ButtonLink } from '@portal/ui/button-link';
import { Checkbox } from '@portal/ui/checkbox';
import { formatDate } from '@portal/ui/format';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { mediaUrl } from '../common';
import { messages } from './messages';

/** Days before the end of the ORIAS registration from which the page warns (issue 14). */
export const ORIAS_WARNING_DAYS = 60;

/** Whole days from today to `end` (negative once past), or null without a date. */
export function daysUntil(end: string | null, today = dayjs()): number | null {
  if (!end) return null;
  return dayjs(end).startOf('day').diff(today.startOf('day'), 'day');
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="mb-2 min-w-0 wrap-anywhere text-ink sm:mb-0">
            {value === null || value === '' ? (
              <span className="text-muted italic">{messages.notSet}</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 1 to 3 filled stars, read out as 'Niveau n sur 3'. */
function LevelStars({ level }: { level: number }) {
  return (
    <span
      role="img"
      aria-label={messages.level(level)}
      className="inline-flex gap-0.5 align-middle"
    >
      {[1, 2, 3].map((n) => (
        <svg
          key={n}
          viewBox="0 0 20 20"
          aria-hidden="true"
          className={`size-4 ${n <= level ? 'fill-amber-500' : 'fill-slate-300'}`}
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
    </span>
  );
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
      <Card id="account-address" title={messages.address}>
        <Facts
          rows={[
            [messages.postalAddress, address],
            [messages.phone, agent.phoneNumber],
            [messages.birthday, agent.birthday ? formatDate(agent.birthday) : null],
            [messages.registerDate, agent.registerDate ? formatDate(agent.registerDate) : null],
          ]}
        />
      </Card>
      <Card id="account-company" title={messages.companyBlock}>
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
      </Card>
      <Card id="account-compliance" title={messages.compliance}>
        <Facts
          rows={[
            [
              messages.qualification,
              <span key="q" className="inline-flex items-center gap-2">
                {agent.qualification ?? messages.notSet}
                <LevelStars level={agent.level} />
              </span>,
            ],
            [messages.orias, agent.oriasNumber],
            [
              messages.oriasEnd,
              agent.oriasEndOfValidity ? formatDate(agent.oriasEndOfValidity) : null,
            ],
          ]}
        />
        <fieldset className="mt-4">
          <legend className="text-sm text-muted">{messages.habilitations}</legend>
          <div className="mt-2 flex flex-wrap gap-6">
            <Checkbox label={messages.iobsp} checked={agent.habilitationIobsp} disabled readOnly />
            <Checkbox label={messages.ias} checked={agent.habilitationIas} disabled readOnly />
            <Checkbox label={messages.cif} checked={agent.habilitationCif} disabled readOnly />
          </div>
        </fieldset>
        <OriasNotice end={agent.oriasEndOfValidity} />
      </Card>
    </>
  );
}

/** /my/account: identity, address, company, bank and compliance data, read back from the backend. */
export function AccountPage({ editPath }: { editPath?: string }) {
  const account = useQuery(getAccountQuery());
  const data = account.data;
  const photo = mediaUrl(data?.circularPicture ?? data?.picture);

  return (
    <section aria-labelledby="account-title" className="max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="account-title" tabIndex={-1} className="text-2xl font-semibold text-ink">
          {messages.title}
        </h1>
        {editPath && (
          <Gate component="account_modifications_page">
            <ButtonLink href={editPath} variant="secondary">
              {messages.edit}
            </ButtonLink>
          </Gate>
        )}
      </div>
      {account.isPending && <p role="status">{messages.loading}</p>}
      {account.isError && (
        <Alert variant="error">{messages.errorPrefix + account.error.message}</Alert>
      )}
      {data && (
        <>
          <Card id="account-identity" title={messages.identity}>
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
          </Card>
          {data.agent ? (
            <AgentBlocks agent={data.agent} />
          ) : (
            <p className="text-sm text-muted">{messages.staffNoAgent}</p>
          )}
        </>
      )}
    </section>
  );
}
