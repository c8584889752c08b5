/** The product's mark (same drawing as the favicon). */
export function ProductMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path
        d="M32 13c-10.5 0-19 8-19 17.9 0 4 1.4 7.6 3.7 10.6L14.5 51l10-3.2c2.3 1 4.8 1.6 7.5 1.6 10.5 0 19-8 19-17.9S42.5 13 32 13z"
        fill="#25d366"
      />
      <path d="M24 27h16M24 34h10" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}
