import {
  listMediaObjectListsQuery,
  listMediaObjectsQuery,
  type LibraryType,
} from '@portal/api/library';
import { useSession } from '@portal/auth/guard';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { agentPaths } from '../paths';
import { LIBRARY_VIEW_COMPONENTS, libraryPaths } from './library-paths';
import { hubMessages as messages } from './messages';

const TYPES = Object.keys(LIBRARY_VIEW_COMPONENTS) as LibraryType[];

function HubCard({
  href,
  title,
  description,
  children,
}: {
  href: string;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <li className="relative flex flex-col gap-2 rounded-card bg-surface p-5 shadow-sm ring-1 ring-brand-100 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <h2 className="text-lg font-semibold text-ink">
        {/* The whole card is the link's target (its ::after covers the card). */}
        <Link href={href} className="text-brand-700 underline after:absolute after:inset-0">
          {title}
        </Link>
      </h2>
      <p className="text-sm text-ink">{description}</p>
      {children}
    </li>
  );
}

/** A library's card: its size and what is new for the reader, from the list its page loads. */
function LibraryCard({ type }: { type: LibraryType }) {
  const files = useQuery(listMediaObjectsQuery(type));
  const unread = useQuery(listMediaObjectListsQuery(type, useSession()?.email ?? ''));
  const list = files.data?.['hydra:member'];
  const recent = unread.data?.['hydra:totalItems'] ?? 0;
  return (
    <HubCard
      href={libraryPaths(type).root}
      title={messages.titles[type]}
      description={messages.descriptions[type]}
    >
      {files.isPending && <p className="text-sm text-muted">{messages.counting}</p>}
      {files.isError && <p className="text-sm text-muted">{messages.countFailed}</p>}
      {list && (
        <p className="text-sm text-muted">
          {messages.documents(list.length)}
          {recent > 0 && (
            <>
              {' '}
              <span className="font-semibold text-brand-700">{messages.recent(recent)}</span>
            </>
          )}
        </p>
      )}
    </HubCard>
  );
}

/**
 * `/library` (`library_page`): the agent's way into the document libraries. One card per
 * library he may read, with its documents and the new ones for him (the list the library page
 * loads, so opening it costs nothing more), then the modification requests.
 */
export function LibraryHub() {
  const held = new Set(useSession()?.components ?? []);
  const libraries = TYPES.filter((type) => held.has(LIBRARY_VIEW_COMPONENTS[type]));
  const requests = held.has('modification_requests_page');
  return (
    <section aria-labelledby="library-hub-title" className="space-y-6">
      <div className="space-y-1">
        <h1 id="library-hub-title" tabIndex={-1} className="text-2xl font-semibold text-ink">
          {messages.title}
        </h1>
        <p className="text-muted">{messages.intro}</p>
      </div>
      {libraries.length === 0 && !requests ? (
        <p>{messages.none}</p>
      ) : (
        <ul
          aria-label={messages.list}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {libraries.map((type) => (
            <LibraryCard key={type} type={type} />
          ))}
          {requests && (
            <HubCard
              href={agentPaths.modificationRequests}
              title={messages.requests}
              description={messages.requestsDescription}
            />
          )}
        </ul>
      )}
    </section>
  );
}
