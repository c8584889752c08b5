import { getDefaultStore } from 'jotai';

/**
 * The one jotai store, shared by React (the default `Provider`-less store) and non-React code (the API client's
 * 401 handling, SSE, toasts raised from anywhere).
 */
export const appStore = getDefaultStore();
