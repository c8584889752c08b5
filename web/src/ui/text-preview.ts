/** Spec 1 §9: text previews are cut at 54 characters; their tooltip shows up to 300. */
export const PREVIEW_CHARS = 54;
export const TOOLTIP_CHARS = 300;

export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

export const previewText = (text: string) => truncateText(text, PREVIEW_CHARS);
export const tooltipText = (text: string) => truncateText(text, TOOLTIP_CHARS);
