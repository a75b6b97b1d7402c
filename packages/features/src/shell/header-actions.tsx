import { Link } from 'wouter';
import { messages } from './messages';

/** The header's own action; the way back from an impersonation is in the banner above it. */
export function HeaderActions() {
  return (
    <Link
      href="/logout"
      className="text-sm font-semibold whitespace-nowrap text-brand-700 underline"
    >
      {messages.signOut}
    </Link>
  );
}
