// Which codicon and theme colour a record's state gets. The contract does not say which
// states are final (section 3), so the grouping goes by the common meaning of the state's
// db value; an unknown state gets a neutral look rather than a wrong colour.

export type StateCategory = 'done' | 'failed' | 'active' | 'new' | 'unknown';

export interface StateStyle {
  category: StateCategory;
  /** Codicon id for `ThemeIcon`. */
  icon: string;
  /** Theme colour id for `ThemeColor`, or none to follow the theme's foreground. */
  color?: string;
}

const WORDS: Record<Exclude<StateCategory, 'unknown'>, readonly string[]> = {
  done: ['done', 'resolved', 'closed', 'complete', 'completed', 'won', 'hired', 'approved', 'finished', 'fixed', 'accepted'],
  failed: ['rejected', 'lost', 'cancelled', 'canceled', 'declined', 'failed', 'inactive', 'blocked', 'obsolete'],
  active: ['in_progress', 'progress', 'acknowledged', 'interviewing', 'qualified', 'offered', 'review', 'in_review', 'working', 'assigned', 'pending'],
  new: ['new', 'open', 'lead', 'applied', 'active', 'todo', 'backlog', 'draft', 'reopened'],
};

const STYLES: Record<StateCategory, StateStyle> = {
  done: { category: 'done', icon: 'pass-filled', color: 'charts.green' },
  failed: { category: 'failed', icon: 'circle-slash', color: 'charts.red' },
  active: { category: 'active', icon: 'sync', color: 'charts.blue' },
  new: { category: 'new', icon: 'circle-large-outline', color: 'charts.yellow' },
  unknown: { category: 'unknown', icon: 'circle-large-outline' },
};

export function stateCategory(state: string | undefined): StateCategory {
  if (!state) return 'unknown';
  const normalized = state.trim().toLowerCase().replace(/[\s-]+/g, '_');
  for (const category of ['done', 'failed', 'active', 'new'] as const) {
    if (WORDS[category].includes(normalized)) return category;
  }
  return 'unknown';
}

export function stateStyle(state: string | undefined): StateStyle {
  return STYLES[stateCategory(state)];
}
