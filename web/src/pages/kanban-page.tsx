import { KanbanScreen } from '../modules/kanban/kanban-screen';

/** /kanban (spec 2 §2): the tickets of the user's queues by kanban tag. */
export default function KanbanPage() {
  return <KanbanScreen />;
}
