import type { SVGProps } from 'react';

/** Decorative 24×24 stroke icons for the communication components (private to the kit). */
function Glyph({ children, className = 'size-5', ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

type IconProps = { className?: string };

export const BellIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Glyph>
);

export const EyeIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Glyph>
);

export const EyeOffIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M9.9 5.2A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a18 18 0 0 1-2.2 3.2M6.6 6.6A17.6 17.6 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" />
  </Glyph>
);

export const PencilIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5z" />
  </Glyph>
);

export const TrashIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Glyph>
);

export const CopyIcon = (p: IconProps) => (
  <Glyph {...p}>
    <rect x="9" y="9" width="13" height="13" rx="2" />
    <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
  </Glyph>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M15 18l-6-6 6-6" />
  </Glyph>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M9 18l6-6-6-6" />
  </Glyph>
);

export const PauseIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M8 5v14M16 5v14" />
  </Glyph>
);

export const PlayIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M7 4l13 8-13 8z" />
  </Glyph>
);

export const UploadIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
  </Glyph>
);

export const CheckIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M20 6L9 17l-5-5" />
  </Glyph>
);

export const CalendarIcon = (p: IconProps) => (
  <Glyph {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18" />
  </Glyph>
);

export const CloseIcon = (p: IconProps) => (
  <Glyph {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Glyph>
);
