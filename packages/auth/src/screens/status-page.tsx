import type { ReactNode, Ref } from 'react';
import { Link } from 'wouter';
import { messages } from '../messages';
import { AuthLayout } from './auth-layout';

/** The 403 and 404 pages share this frame; `action` replaces the way back home. */
export function StatusPage({
  code,
  title,
  children,
  action = { href: '/', label: messages.backHome },
  actionRef,
}: {
  code: number;
  title: string;
  children?: ReactNode;
  action?: { href: string; label: string };
  /** The action's link, e.g. to give it the focus when a dialog over the page closes. */
  actionRef?: Ref<HTMLAnchorElement>;
}) {
  return (
    <AuthLayout>
      <section className="text-center">
        <h1 className="text-5xl font-bold text-ink">
          {code} {title}
        </h1>
        {children}
        <Link
          ref={actionRef}
          href={action.href}
          className="mt-8 inline-block text-brand-700 underline"
        >
          {action.label}
        </Link>
      </section>
    </AuthLayout>
  );
}
