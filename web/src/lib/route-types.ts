import type { ComponentType } from 'react';

/**
 * What pages and the route table share, apart from the table itself (routes.tsx imports the pages lazily, so the
 * pages must not import routes.tsx back).
 */
export type RouteParams = Record<string, string | undefined>;
export type PageComponent = ComponentType<{ params: RouteParams }>;

/** Where `/` and a successful login go (spec 1 §2). */
export const HOME_PATH = '/tickets';
