import type { AppDefinition, WorkspaceDefinition } from '../model/app-model';
import { field, lookup, systemFields } from './app-builders';

const PRIORITIES = lookup(['low', 'Low'], ['normal', 'Normal'], ['high', 'High']);
const YES_NO = lookup(['no', 'No'], ['yes', 'Yes']);

function app(
  workspace: string,
  alias: string,
  caption: string,
  position: number,
  n: number,
  custom: AppDefinition['fields'],
  rest: Pick<AppDefinition, 'lookups' | 'actions' | 'initialState'> & { seeded?: boolean },
): AppDefinition {
  return {
    workspace,
    alias,
    caption,
    position,
    schemaId: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    fields: { ...systemFields(workspace, alias), ...custom },
    lookups: { priority: PRIORITIES, ...rest.lookups },
    actions: rest.actions,
    initialState: rest.initialState,
    seeded: rest.seeded ?? true,
  };
}

function fields(...defs: ReturnType<typeof field>[]): AppDefinition['fields'] {
  return Object.fromEntries(defs.map((d) => [d.name, d]));
}

const TASK = app('IT', 'TASK', 'Tasks', 1, 1,
  fields(
    field('c_amount', { caption: { en: 'Amount', de: 'Betrag' }, type: 'number', fieldType: 'real', pre: '$', grid: true, help: 'Budgeted amount in US dollars.' }),
    field('c_cost', { caption: { en: 'Internal cost', de: 'Interne Kosten' }, type: 'number', fieldType: 'real', pre: '$', help: 'Visible to finance only.' }),
    field('c_estimate_hours', { caption: 'Estimate', type: 'number', fieldType: 'integer', post: ' h', defaultValue: '4' }),
    field('c_due_date', { caption: { en: 'Due date', de: 'Fällig am' }, type: 'datetime', grid: true }),
    field('c_category', { caption: 'Category', type: 'lookup_custom', defaultValue: 'software' }),
    field('c_confidential', { caption: 'Confidential', type: 'lookup_custom', defaultValue: 'no', help: 'Confidential tasks are hidden from restricted users.' }),
    field('c_reviewer_id', { caption: 'Reviewer', type: 'person' }),
    field('c_related_incident', { caption: 'Related incident', type: 'lookup_link_to_entity', linkTarget: { workspace: 'IT', app: 'INCIDENT' } }),
    field('c_notes', { caption: 'Notes', type: 'richtext' }),
    field('c_external_ref', { caption: 'External reference', type: 'text' }),
    field('c_spec_file', { caption: 'Specification', type: 'file' }),
  ),
  {
    lookups: {
      state: lookup(['open', 'Open'], ['in_progress', 'In progress'], ['done', 'Done']),
      c_category: lookup(['hardware', 'Hardware'], ['software', 'Software'], ['network', 'Network'], ['access', 'Access']),
      c_confidential: YES_NO,
    },
    actions: [
      { alias: 'start', caption: 'Start work', visible: true, from: ['open'], to: 'in_progress' },
      { alias: 'finish', caption: 'Finish', visible: true, from: ['in_progress'], to: 'done' },
      { alias: 'reopen', caption: 'Reopen', visible: true, from: ['done'], to: 'open' },
      { alias: 'escalate', caption: 'Escalate', visible: false, from: ['open', 'in_progress'], sets: { priority: 'high' } },
    ],
    initialState: 'open',
  });

const INCIDENT = app('IT', 'INCIDENT', 'Incidents', 2, 2,
  fields(
    field('c_severity', { caption: { en: 'Severity', de: 'Schweregrad' }, type: 'lookup_custom', grid: true, defaultValue: 'sev3' }),
    field('c_impact_users', { caption: 'Affected users', type: 'number', fieldType: 'integer', post: ' users' }),
    field('c_detected_at', { caption: 'Detected at', type: 'datetime' }),
    field('c_affected_host', { caption: 'Affected host', type: 'text', grid: true }),
    field('c_duration_hours', { caption: 'Duration', type: 'number', fieldType: 'real', post: ' h' }),
  ),
  {
    lookups: {
      state: lookup(['new', 'New'], ['acknowledged', 'Acknowledged'], ['resolved', 'Resolved'], ['closed', 'Closed']),
      c_severity: lookup(['sev1', 'Sev 1 – critical'], ['sev2', 'Sev 2 – major'], ['sev3', 'Sev 3 – minor'], ['sev4', 'Sev 4 – cosmetic']),
    },
    actions: [
      { alias: 'acknowledge', caption: 'Acknowledge', visible: true, from: ['new'], to: 'acknowledged' },
      { alias: 'resolve', caption: 'Resolve', visible: true, from: ['acknowledged'], to: 'resolved' },
      { alias: 'close', caption: 'Close', visible: true, from: ['resolved'], to: 'closed' },
      { alias: 'reopen', caption: 'Reopen', visible: true, from: ['resolved', 'closed'], to: 'new' },
    ],
    initialState: 'new',
  });

const EMPTY = app('IT', 'EMPTY', 'Backlog (empty)', 3, 3, {}, {
  lookups: { state: lookup(['open', 'Open'], ['done', 'Done']) },
  actions: [{ alias: 'close', caption: 'Close', visible: true, from: ['open'], to: 'done' }],
  initialState: 'open',
  seeded: false,
});

const ACCOUNT = app('SALES', 'ACCOUNT', 'Accounts', 2, 4,
  fields(
    field('c_industry', { caption: 'Industry', type: 'lookup_custom', grid: true }),
    field('c_employees', { caption: 'Employees', type: 'number', fieldType: 'integer' }),
    field('c_website', { caption: 'Website', type: 'text' }),
    field('c_account_manager', { caption: 'Account manager', type: 'person' }),
  ),
  {
    lookups: {
      state: lookup(['active', 'Active'], ['inactive', 'Inactive']),
      c_industry: lookup(['retail', 'Retail'], ['manufacturing', 'Manufacturing'], ['finance', 'Finance'], ['health', 'Health care']),
    },
    actions: [
      { alias: 'deactivate', caption: 'Deactivate', visible: true, from: ['active'], to: 'inactive' },
      { alias: 'activate', caption: 'Activate', visible: true, from: ['inactive'], to: 'active' },
    ],
    initialState: 'active',
  });

const DEAL = app('SALES', 'DEAL', 'Deals', 1, 5,
  fields(
    field('c_deal_value', { caption: { en: 'Deal value', de: 'Auftragswert' }, type: 'number', fieldType: 'real', pre: '$', grid: true }),
    field('c_close_date', { caption: 'Expected close', type: 'datetime' }),
    field('c_probability', { caption: 'Probability', type: 'number', fieldType: 'integer', post: ' %', defaultValue: '10' }),
    field('c_account', { caption: 'Account', type: 'lookup_link_to_entity', linkTarget: { workspace: 'SALES', app: 'ACCOUNT' } }),
    field('c_email', { caption: 'Contact e-mail', type: 'text' }),
    field('c_contract', { caption: 'Contract', type: 'file' }),
  ),
  {
    lookups: { state: lookup(['lead', 'Lead'], ['qualified', 'Qualified'], ['won', 'Won'], ['lost', 'Lost']) },
    actions: [
      { alias: 'qualify', caption: 'Qualify', visible: true, from: ['lead'], to: 'qualified' },
      { alias: 'win', caption: 'Mark as won', visible: true, from: ['qualified'], to: 'won' },
      { alias: 'lose', caption: 'Mark as lost', visible: true, from: ['lead', 'qualified'], to: 'lost' },
    ],
    initialState: 'lead',
  });

const HIRING = app('HR', 'HIRING', 'Hiring', 1, 6,
  fields(
    field('c_position', { caption: 'Position', type: 'text', grid: true }),
    field('c_salary', { caption: { en: 'Salary', de: 'Gehalt' }, type: 'number', fieldType: 'real', pre: '$' }),
    field('c_start_date', { caption: 'Start date', type: 'datetime' }),
    field('c_confidential', { caption: 'Confidential', type: 'lookup_custom', defaultValue: 'no' }),
    field('c_interviewer_id', { caption: 'Interviewer', type: 'person' }),
    field('c_cv', { caption: 'CV', type: 'file' }),
  ),
  {
    lookups: {
      state: lookup(['applied', 'Applied'], ['interviewing', 'Interviewing'], ['offered', 'Offered'], ['hired', 'Hired'], ['rejected', 'Rejected']),
      c_confidential: YES_NO,
    },
    actions: [
      { alias: 'interview', caption: 'Invite to interview', visible: true, from: ['applied'], to: 'interviewing' },
      { alias: 'offer', caption: 'Make an offer', visible: true, from: ['interviewing'], to: 'offered' },
      { alias: 'hire', caption: 'Hire', visible: true, from: ['offered'], to: 'hired' },
      { alias: 'reject', caption: 'Reject', visible: true, from: ['applied', 'interviewing', 'offered'], to: 'rejected' },
    ],
    initialState: 'applied',
  });

/** Every workspace and app of the sandbox. IT/EMPTY is an app tab with no records at all. */
export const DEMO_WORKSPACES: readonly WorkspaceDefinition[] = [
  { alias: 'IT', title: 'IT Operations', apps: [TASK, INCIDENT, EMPTY] },
  { alias: 'SALES', title: 'Sales', apps: [DEAL, ACCOUNT] },
  { alias: 'HR', title: 'Human Resources', apps: [HIRING] },
];

export const DEMO_APPS: readonly AppDefinition[] = DEMO_WORKSPACES.flatMap((w) => w.apps);

export function findApp(workspace: string, app: string): AppDefinition | undefined {
  return DEMO_APPS.find((a) => a.workspace === workspace && a.alias === app);
}
