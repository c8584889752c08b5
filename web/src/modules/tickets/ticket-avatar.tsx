import { initials } from './format';

const PALETTE = ['#4a5499', '#0ea5e9', '#16a34a', '#e67e22', '#9b59b6', '#e11d48', '#0d9488', '#ca8a04'];

/** The contact's picture, or their initials on a colour derived from the id. */
export function TicketAvatar({
  name,
  url,
  id,
  size = 44,
}: {
  name: string;
  url: string | null;
  id: number;
  size?: number;
}) {
  if (url && /^https?:\/\//.test(url)) {
    return (
      <img
        src={url}
        alt=""
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span
      className="flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, backgroundColor: PALETTE[id % PALETTE.length], fontSize: size * 0.36 }}
      aria-hidden="true"
    >
      {initials(name)}
    </span>
  );
}
