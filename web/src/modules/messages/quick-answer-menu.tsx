import { type KeyboardEvent, useEffect, useState } from 'react';
import { type QuickAnswer, searchQuickAnswers } from './messages-api';

export type QuickAnswers = {
  answers: QuickAnswer[];
  active: number;
  /** hides the list (after a pick, on Escape) */
  clear: () => void;
  /**
   * The text box's key handler while the list is open: arrows move, Escape hides, Enter picks. True when the key was
   * the list's (the caller does nothing more with it).
   */
  onKeyDown: (e: KeyboardEvent, pick: (a: QuickAnswer) => void) => boolean;
};

/**
 * The '/' quick answers of a text box (spec 1 §2, spec 2 §5): when the text starts with '/' (one line), the quick
 * answers whose shortcut or text match what follows, at most 8, 250 ms after typing stops. A failed lookup hides
 * the list silently (spec 2 §8).
 */
export function useQuickAnswers(text: string, enabled: boolean): QuickAnswers {
  const [answers, setAnswers] = useState<QuickAnswer[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!enabled || !text.startsWith('/') || text.includes('\n')) {
      setAnswers([]);
      return;
    }
    let alive = true;
    const timer = setTimeout(() => {
      searchQuickAnswers(text.slice(1).trim()).then(
        (rows) => {
          if (!alive) return;
          setAnswers(rows.slice(0, 8));
          setActive(0);
        },
        () => alive && setAnswers([]),
      );
    }, 250);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, enabled]);

  const onKeyDown = (e: KeyboardEvent, pick: (a: QuickAnswer) => void): boolean => {
    if (!answers.length) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (e.key === 'ArrowDown' ? Math.min(answers.length - 1, a + 1) : Math.max(0, a - 1)));
      return true;
    }
    if (e.key === 'Escape') {
      // inside a dialog, Escape closes the list, not the dialog
      e.preventDefault();
      e.stopPropagation();
      setAnswers([]);
      return true;
    }
    // Enter picks (like sending), Shift+Enter adds a line; an IME composition is left alone
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      pick(answers[active]);
      return true;
    }
    return false;
  };

  return { answers, active, clear: () => setAnswers([]), onKeyDown };
}

/** The list of matching quick answers above (or below) a text box; a click picks one without blurring the box. */
export function QuickAnswerMenu({
  quick,
  onPick,
  className = 'bottom-full left-2 right-2 mb-1',
}: {
  quick: QuickAnswers;
  onPick: (a: QuickAnswer) => void;
  /** where the list sits relative to its positioned parent */
  className?: string;
}) {
  if (!quick.answers.length) return null;
  return (
    <ul
      className={`menu absolute z-30 max-h-64 flex-nowrap overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg ${className}`}
      data-testid="quick-answers"
    >
      {quick.answers.map((a, i) => (
        <li key={a.id}>
          <button
            type="button"
            className={`w-full min-w-0 ${i === quick.active ? 'menu-active' : ''}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPick(a)}
          >
            {/* the highlight paints the row in the theme's neutral: the shortcut takes the row's own text colour */}
            <span
              className={`font-mono text-xs ${i === quick.active ? '' : 'text-primary'}`}
              data-testid="quick-answer-shortcut"
            >
              /{a.shortcut}
            </span>
            <span className="truncate text-xs opacity-80">{a.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
