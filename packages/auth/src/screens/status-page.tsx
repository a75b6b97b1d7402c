import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AuthLayout } from './auth-layout';

/** The 403 and 404 pages share this frame. */
export function StatusPage({
  code,
  title,
  children,
}: {
  code: number;
  title: string;
  children?: ReactNode;
}) {
  return (
    <AuthLayout>
      <section className="text-center">
        <h1 className="text-5xl font-bold text-ink">
          {code} {title}
        </h1>
        {children}
        <Link href="/" className="mt-8 inline-block text-brand-700 underline">
          Retour à l'accueil
        </Link>
      </section>
    </AuthLayout>
  );
}
