import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { isRealMove, KANBAN_MESSAGE_MS, type KanbanLaneKey, type KanbanLaneState, type TicketDto } from '@zapdesk/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { IconCircleCheck, IconInfo } from '../../ui/icons';
import { VirtualList } from '../../ui/virtual-list';
import { useCapabilities } from '../auth/use-capabilities';
import { KANBAN_ROW_HEIGHT, KanbanCard, KanbanCardBody } from './kanban-card';
import { useKanbanBoard } from './use-kanban-board';

/** Lane width + the gap between lanes: one arrow key moves a dragged card by one lane. */
const LANE_WIDTH = 288;
const LANE_STEP = LANE_WIDTH + 12;

/** Keyboard dragging across lanes: ← → jump one lane, ↑ ↓ one card. */
const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + LANE_STEP };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - LANE_STEP };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + KANBAN_ROW_HEIGHT };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - KANBAN_ROW_HEIGHT };
  }
  return undefined;
};

/** The lane under the pointer; for keyboard drags (no pointer) the lane the card overlaps most. */
const laneCollision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

const laneOf = (key: string): KanbanLaneKey => (key === 'open' ? 'open' : Number(key));

/** Minute clock for the cards' ages. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

type Confirmation = { id: number; x: number; y: number };

/** Spec 2 §4/§9: after a move, 'Alteração realizada com Sucesso!' follows the cursor for 3 s. */
function MoveConfirmation({ at, onDone }: { at: Confirmation; onDone: () => void }) {
  const [pos, setPos] = useState({ x: at.x, y: at.y });
  useEffect(() => {
    setPos({ x: at.x, y: at.y });
    const follow = (e: PointerEvent | MouseEvent) => setPos({ x: e.clientX, y: e.clientY });
    window.addEventListener('pointermove', follow);
    window.addEventListener('mousemove', follow);
    const timer = setTimeout(onDone, KANBAN_MESSAGE_MS);
    return () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('mousemove', follow);
      clearTimeout(timer);
    };
  }, [at, onDone]);
  return (
    <div
      role="status"
      className="pointer-events-none fixed z-[60] flex items-center gap-1.5 rounded-box bg-success px-3 py-1.5 text-sm font-medium text-success-content shadow-lg"
      style={{ left: pos.x + 14, top: pos.y + 14 }}
      data-testid="kanban-moved"
    >
      <IconCircleCheck size={16} />
      <Trans>Alteração realizada com Sucesso!</Trans>
    </div>
  );
}

const Lane = memo(function Lane({
  laneKey,
  title,
  color,
  state,
  tickets,
  loading,
  onLoadMore,
  now,
}: {
  laneKey: string;
  title: string;
  color: string | null;
  state: KanbanLaneState | undefined;
  tickets: TicketDto[];
  loading: boolean;
  onLoadMore: (lane: KanbanLaneKey) => void;
  now: Date;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: laneKey });
  const loadMore = useCallback(() => onLoadMore(laneOf(laneKey)), [onLoadMore, laneKey]);
  return (
    <section
      ref={setNodeRef}
      className={`flex min-h-0 shrink-0 flex-col rounded-box border-t-4 bg-base-200/70 transition-colors ${
        isOver ? 'bg-primary/10 ring-2 ring-primary/40' : ''
      }`}
      style={{ width: LANE_WIDTH, borderTopColor: color ?? 'var(--color-base-300)' }}
      aria-label={title}
      data-testid="kanban-lane"
      data-lane={laneKey}
      data-name={title}
    >
      <header className="flex items-center gap-2 px-3 py-2">
        <span
          className="size-2.5 shrink-0 rounded-full"
          style={{ backgroundColor: color ?? 'var(--color-base-content)' }}
          aria-hidden="true"
        />
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold" title={title}>
          {title}
        </h2>
        <span className="badge badge-sm badge-ghost font-mono" data-testid="kanban-lane-count">
          {state?.count ?? 0}
        </span>
      </header>
      <VirtualList
        items={tickets}
        rowHeight={KANBAN_ROW_HEIGHT}
        getKey={(t) => t.id}
        renderRow={(t) => <KanbanCard ticket={t} lane={laneKey} now={now} />}
        hasMore={state?.hasMore ?? false}
        loading={loading}
        onLoadMore={loadMore}
        overscan={4}
        className="flex-1 px-2"
        testId="kanban-lane-scroll"
        empty={
          <p className="px-2 py-6 text-center text-xs text-base-content/50">
            <Trans>Nenhum ticket</Trans>
          </p>
        }
        footer={
          loading ? (
            <div className="flex justify-center py-2">
              <span className="loading loading-spinner loading-sm" />
            </div>
          ) : null
        }
      />
    </section>
  );
});

/**
 * Kanban (spec 2 §2): 'Em aberto' (tickets without a kanban tag), then one lane per kanban tag in its colour. Cards
 * move across lanes by drag and drop (pointer or keyboard); the lanes scroll sideways inside the page, each lane
 * scrolls (virtualised) on its own.
 */
export function KanbanScreen() {
  const { t } = useLingui();
  const caps = useCapabilities();
  const { board, tags, loading, loadingLanes, loadMore, move } = useKanbanBoard();
  const now = useNow();
  const [active, setActive] = useState<{ ticket: TicketDto; lane: string } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    const track = (e: PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
    };
    window.addEventListener('pointermove', track);
    return () => window.removeEventListener('pointermove', track);
  }, []);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const lanes = useMemo(
    () => [
      { key: 'open', title: t`Em aberto`, color: null as string | null },
      ...tags.map((tag) => ({ key: String(tag.id), title: tag.name, color: tag.color })),
    ],
    [tags, t],
  );
  const titleOf = useCallback((key: string) => lanes.find((l) => l.key === key)?.title ?? key, [lanes]);

  const laneTickets = useMemo(() => {
    const out: Record<string, TicketDto[]> = {};
    for (const l of lanes) {
      out[l.key] = (board.lanes[l.key]?.ids ?? []).flatMap((id) => (board.tickets[id] ? [board.tickets[id]] : []));
    }
    return out;
  }, [lanes, board]);

  const onDragStart = (e: DragStartEvent) => {
    const data = e.active.data.current as { lane: string; ticketId: number } | undefined;
    const ticket = data ? board.tickets[data.ticketId] : undefined;
    setActive(ticket && data ? { ticket, lane: data.lane } : null);
  };

  const onDragEnd = async (e: DragEndEvent) => {
    setActive(null);
    const data = e.active.data.current as { lane: string; ticketId: number } | undefined;
    const to = e.over?.id === undefined ? null : String(e.over.id);
    if (!data || !isRealMove(data.lane, to)) return;
    const rect = e.active.rect.current.translated;
    const keyboard = e.activatorEvent instanceof KeyboardEvent;
    if (await move(data.ticketId, laneOf(to))) {
      const at =
        !keyboard && pointer.current
          ? pointer.current
          : rect
            ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
            : { x: window.innerWidth / 2, y: window.innerHeight / 2 };
      setConfirmation({ id: Date.now(), ...at });
    }
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const d = a.data.current as { lane: string; ticketId: number } | undefined;
      const name = d ? (board.tickets[d.ticketId]?.contact.name ?? '') : '';
      return t`Ticket de ${name} selecionado na coluna ${titleOf(d?.lane ?? '')}. Use as setas para escolher a coluna e Espaço para soltar.`;
    },
    onDragOver: ({ over }) => (over ? t`Sobre a coluna ${titleOf(String(over.id))}.` : t`Fora das colunas.`),
    onDragEnd: ({ over }) =>
      over ? t`Ticket solto na coluna ${titleOf(String(over.id))}.` : t`Ticket solto fora das colunas.`,
    onDragCancel: () => t`Movimento cancelado.`,
  };

  const noQueues = board.scope.queueIds.length === 0 && !board.scope.includeNoQueue;
  const closeConfirmation = useCallback(() => setConfirmation(null), []);

  return (
    <div className="card flex h-full min-h-0 flex-col bg-base-100 shadow-sm" data-testid="kanban-page">
      <div className="flex flex-wrap items-center gap-3 border-b border-base-300 px-4 py-3 sm:px-6">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-semibold">
            <Trans>Kanban</Trans>
          </h1>
          <p className="truncate text-sm text-base-content/60">
            <Trans>Arraste os tickets entre as colunas para mudar a etiqueta (ou use Espaço e as setas).</Trans>
          </p>
        </div>
        {loading ? <span className="loading loading-spinner loading-sm" data-testid="kanban-loading" /> : null}
      </div>
      {noQueues || (!loading && tags.length === 0) ? (
        <div className="flex flex-wrap items-center gap-2 border-b border-base-300 px-4 py-2 text-sm sm:px-6">
          <IconInfo size={16} className="text-info" />
          {noQueues ? (
            <span data-testid="kanban-no-queues">
              <Trans>Você não está em nenhuma fila: o Kanban mostra os tickets das filas a que você pertence.</Trans>
            </span>
          ) : (
            <span data-testid="kanban-no-lanes">
              <Trans>Nenhuma tag do Kanban ainda.</Trans>{' '}
              {caps?.manageTags ? (
                <Link href="/tags" className="link link-primary">
                  <Trans>Crie tags com 'Exibir no Kanban' para ter colunas.</Trans>
                </Link>
              ) : null}
            </span>
          )}
        </div>
      ) : null}
      <DndContext
        sensors={sensors}
        collisionDetection={laneCollision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable: t`Para mover um ticket, pressione Espaço, use as setas para escolher a coluna e pressione Espaço para soltar. Esc cancela.`,
          },
        }}
      >
        <div
          className="flex min-h-0 flex-1 gap-3 overflow-x-auto overflow-y-hidden overscroll-x-contain p-3"
          data-testid="kanban-lanes"
        >
          {lanes.map((l) => (
            <Lane
              key={l.key}
              laneKey={l.key}
              title={l.title}
              color={l.color}
              state={board.lanes[l.key]}
              tickets={laneTickets[l.key] ?? []}
              loading={!!loadingLanes[l.key]}
              onLoadMore={loadMore}
              now={now}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? (
            <div style={{ width: LANE_WIDTH - 16 }}>
              <KanbanCardBody ticket={active.ticket} now={now} overlay />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      {confirmation ? <MoveConfirmation at={confirmation} onDone={closeConfirmation} /> : null}
    </div>
  );
}
