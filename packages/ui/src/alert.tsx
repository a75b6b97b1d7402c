import type { ComponentProps, ReactNode } from 'react';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

export type AlertProps = Omit<ComponentProps<'div'>, 'title'> & {
  variant?: AlertVariant;
  title?: ReactNode;
};

// Text colours are the dark tokens on their soft backgrounds (all above 4.5:1).
const styles: Record<AlertVariant, string> = {
  error: 'bg-danger-soft text-danger border-danger',
  success: 'bg-success-soft text-success border-success',
  info: 'bg-brand-50 text-brand-700 border-brand-600',
  warning: 'bg-warning-soft text-warning border-warning',
};

export function Alert({ variant = 'info', title, className = '', children, ...props }: AlertProps) {
  // Errors and warnings interrupt the screen reader; the rest waits politely.
  const role = variant === 'error' || variant === 'warning' ? 'alert' : 'status';
  return (
    <div
      role={role}
      {...props}
      className={`rounded-card border-l-4 p-4 text-sm ${styles[variant]} ${className}`}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
    </div>
  );
}
