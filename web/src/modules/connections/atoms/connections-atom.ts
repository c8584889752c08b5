import { atom } from 'jotai';
import { type ConnectionsState, EMPTY_CONNECTIONS } from '../connection-state';

/**
 * The company's connections, kept live by `ConnectionsWatcher` (mounted once in the main layout): the connections
 * screen, its dialogs and the drawer badge all read this one list.
 */
export const connectionsAtom = atom<ConnectionsState>(EMPTY_CONNECTIONS);
