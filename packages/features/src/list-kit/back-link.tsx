import { Link, useLocation } from 'wouter';

type BackState = { backTo?: unknown } | null;

/** Where 'Retour' leads: the page the user came from in the app, with its filters, if known. */
function backTarget(fallback: string): string {
  const backTo = (window.history.state as BackState)?.backTo;
  // Only a path of this app: never another origin ('//host', 'https:') from a forged state.
  return typeof backTo === 'string' && /^\/(?!\/)/.test(backTo) ? backTo : fallback;
}

/**
 * Navigation to a sub-page (a team's or a client's sales) that remembers the page it leaves,
 * filters included, for that sub-page's 'Retour'. The state survives a reload of the sub-page.
 */
export function useNavigateWithBack(): (href: string) => void {
  const [, navigate] = useLocation();
  return (href) =>
    navigate(href, {
      state: { backTo: `${window.location.pathname}${window.location.search}` },
    });
}

/** 'Retour': to the list the user came from, as he left it; else to `fallback`. */
export function BackLink({ fallback, label }: { fallback: string; label: string }) {
  return (
    <Link href={backTarget(fallback)} className="text-sm font-semibold text-brand-700 underline">
      {label}
    </Link>
  );
}
