import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  showLabel?: string;
  hideLabel?: string;
};

export function PasswordField({
  showLabel = 'Afficher le mot de passe',
  hideLabel = 'Masquer le mot de passe',
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);

  return (
    <TextField
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          className="flex size-8 items-center justify-center rounded-md text-muted hover:bg-brand-50 hover:text-brand-700"
        >
          {/* Hidden text, not aria-label, so getByLabel('Mot de passe') finds only the input. */}
          <span className="sr-only">{visible ? hideLabel : showLabel}</span>
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      className="size-5"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}
