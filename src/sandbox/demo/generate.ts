import type { Attachment } from '../../core/contract/types';
import type { SeedData, SeedSource, StoredHistoryEntry, StoredRecord } from '../store/model';
import type { ActionDefinition, AppDefinition } from '../model/app-model';
import { DEMO_APPS } from './apps';
import {
  CHILD_TASK_IDS, CONFIDENTIAL_TASK_ID, FIRST_TASK_ID, HOSTILE_MARKUP, HOSTILE_TASK_ID, hostileTaskNumber, PARENT_TASK_ID, PRINTER_NOTES_FILE_UID,
  PRINTER_NOTES_TEXT, PRINTER_SPEC_FILE_UID, PRINTER_SPEC_TEXT, PRINTER_TASK_ID,
} from './fixed-records';
import { Prng } from './prng';
import { DEMO_USERS } from './users';
import * as words from './word-lists';

export const DEMO_BASE_DATE = Date.UTC(2026, 10, 1);
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
const MAX_TEXT_FILES = 300;

/** Seeded records plus the bytes of their demo attachments (file_uid → text). */
export type DemoData = SeedData;

const SHARES: Record<string, number> = { TASK: 0.4, INCIDENT: 0.2, DEAL: 0.15, ACCOUNT: 0.1, HIRING: 0.15 };
// Fixed TASK records need at least this many TASK slots.
const MIN_PER_APP: Record<string, number> = { TASK: 8 };

const membersCache = new Map<string, string[]>();

function membersOf(workspace: string): string[] {
  let members = membersCache.get(workspace);
  if (!members) membersCache.set(workspace, (members = computeMembers(workspace)));
  return members;
}

function computeMembers(workspace: string): string[] {
  return DEMO_USERS.filter((u) => u.access.canWrite && (u.access.workspaces === 'all' || u.access.workspaces.includes(workspace))).map((u) => u.id);
}

const DAY_MS = 24 * 3600 * 1000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayPrefixes = new Map<number, string>();

/**
 * Same result as Date#toISOString, about twice as fast (it dominated generation at 100k
 * records). `join` yields a flat string; `+`/templates would keep costly rope nodes alive.
 */
export function iso(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) dayPrefixes.set(day, (prefix = new Date(day * DAY_MS).toISOString().slice(0, 11)));
  const rest = ms - day * DAY_MS;
  return [
    prefix, TWO_DIGITS[Math.floor(rest / 3600000)], ':', TWO_DIGITS[Math.floor((rest % 3600000) / 60000)], ':',
    TWO_DIGITS[Math.floor((rest % 60000) / 1000)], '.', THREE_DIGITS[rest % 1000], 'Z',
  ].join('');
}

// Generated texts repeat a lot; sharing one string per distinct text keeps 100k records small.
const interned = new Map<string, string>();

function intern(text: string): string {
  const known = interned.get(text);
  if (known !== undefined) return known;
  interned.set(text, text);
  return text;
}

const composedTexts = new Map<number, string>();

/** One shared string per combination of word-list picks, built only the first time it is drawn. */
function composed(prng: Prng, lists: readonly (readonly string[])[], build: (parts: string[]) => string, salt: number): string {
  let key = salt;
  const picks: number[] = [];
  for (const list of lists) {
    const i = Math.floor(prng.next() * list.length);
    picks.push(i);
    key = key * 64 + i;
  }
  let text = composedTexts.get(key);
  if (text === undefined) composedTexts.set(key, (text = build(picks.map((i, n) => lists[n][i]))));
  return text;
}

/** Each app's sentences, and the salt that keeps its composed descriptions apart from the others'. */
const DESCRIPTIONS: Record<string, { sentences: readonly string[]; salt: number }> = {
  TASK: { sentences: words.IT_SENTENCES, salt: 1 },
  INCIDENT: { sentences: words.IT_SENTENCES, salt: 1 },
  DEAL: { sentences: words.DEAL_SENTENCES, salt: 6 },
  ACCOUNT: { sentences: words.ACCOUNT_SENTENCES, salt: 7 },
  HIRING: { sentences: words.HIRING_SENTENCES, salt: 8 },
};

/** A description that fits the app: two paragraphs of its own sentences. */
function paragraphs(prng: Prng, app: string): string {
  const { sentences: s, salt } = DESCRIPTIONS[app] ?? DESCRIPTIONS.TASK;
  return composed(prng, [s, s, s], ([a, b, c]) => `<p>${a} ${b}</p><p>${c}</p>`, salt);
}

function attachment(uid: string, title: string, text: string, mime = 'text/plain'): Attachment {
  return { file_uid: uid, id: uid, title, link_data: { size: Buffer.byteLength(text), mime_type: mime } };
}

class Generator {
  private readonly prng = new Prng(20261101);
  readonly records: StoredRecord[] = [];
  readonly history: StoredHistoryEntry[] = [];
  readonly files = new Map<string, string>();
  private readonly idsByApp = new Map<string, string[]>();

  generate(total: number): DemoData {
    const order = ['ACCOUNT', 'INCIDENT', 'TASK', 'DEAL', 'HIRING'];
    for (const alias of order) {
      const app = DEMO_APPS.find((a) => a.alias === alias && a.seeded);
      if (!app) continue;
      const count = Math.max(MIN_PER_APP[alias] ?? 2, Math.round(total * SHARES[alias]));
      this.generateApp(app, count);
    }
    this.history.sort((a, b) => (a.version_timestamp < b.version_timestamp ? -1 : a.version_timestamp > b.version_timestamp ? 1 : 0));
    return { records: this.records, history: this.history, files: this.files };
  }

  private generateApp(app: AppDefinition, count: number): void {
    const created: number[] = [];
    for (let i = 0; i < count; i++) created.push(DEMO_BASE_DATE - Math.floor(this.prng.next() * TWO_YEARS_MS));
    created.sort((a, b) => a - b);
    const ids: string[] = [];
    this.idsByApp.set(app.alias, ids);
    const members = membersOf(app.workspace);
    for (let i = 0; i < count; i++) {
      const hostile = app.alias === 'TASK' && i === hostileTaskNumber(count) - 1;
      // The hostile record's guid is drawn and not used, so every other record stays as it was.
      const id = app.alias === 'TASK' && i < 6 ? [FIRST_TASK_ID, PRINTER_TASK_ID, CONFIDENTIAL_TASK_ID, PARENT_TASK_ID, ...CHILD_TASK_IDS][i]! : hostile ? (this.prng.guid(), HOSTILE_TASK_ID) : this.prng.guid();
      const creator = this.prng.pick(members);
      const record: StoredRecord = {
        id,
        number: i + 1,
        project_alias: app.workspace,
        publishing_alias: app.alias,
        creation_date: iso(created[i]),
        update_date: iso(created[i]),
        created_by_account_id: creator,
        update_account_id: creator,
        amount_of_comments: 0,
        title: '',
        description: paragraphs(this.prng, app.alias),
        state: app.initialState,
        priority: this.prng.pick(['low', 'normal', 'normal', 'high']),
        keeper_id: this.prng.chance(0.9) ? this.prng.pick(members) : null,
        parent_id: null,
      };
      this.fillApp(app, record, i, ids, hostile);
      ids.push(id);
      this.records.push(record);
      this.writeHistory(app, record, created[i], members, app.alias === 'TASK' && i === 0);
    }
  }

  private fillApp(app: AppDefinition, r: StoredRecord, i: number, ids: string[], hostile: boolean): void {
    const p = this.prng;
    switch (app.alias) {
      case 'TASK': {
        r.title = composed(p, [words.TASK_VERBS, words.TASK_OBJECTS, words.TASK_QUALIFIERS], (w) => w.join(' '), 2);
        r.c_amount = Math.round(p.next() * 500000) / 100;
        r.c_cost = Math.round(p.next() * 300000) / 100;
        r.c_estimate_hours = p.int(1, 40);
        r.c_due_date = p.chance(0.7) ? iso(Date.parse(r.creation_date) + p.int(1, 60) * 24 * HOUR_MS) : null;
        r.c_category = p.pick(['hardware', 'software', 'network', 'access']);
        r.c_confidential = p.chance(0.05) ? 'yes' : 'no';
        r.c_reviewer_id = p.chance(0.4) ? p.pick(membersOf('IT')) : null;
        const incidents = this.idsByApp.get('INCIDENT') ?? [];
        r.c_related_incident = incidents.length && p.chance(0.3) ? p.pick(incidents) : null;
        r.c_notes = p.chance(0.3) ? intern(`<p>${p.pick(words.IT_SENTENCES)}</p>`) : '';
        r.c_external_ref = p.chance(0.5) ? intern(`EXT-${p.int(1000, 9999)}`) : '';
        r.attachments = [];
        if (i > 10 && p.chance(0.1)) r.parent_id = p.pick(ids.slice(Math.max(6, ids.length - 200)));
        if (p.chance(0.05)) this.addLogFile(r, 'attachments');
        this.fixTask(r, i, hostile);
        break;
      }
      case 'INCIDENT':
        r.title = composed(p, [words.INCIDENT_SUBJECTS, words.INCIDENT_PROBLEMS], (w) => w.join(' '), 3);
        r.c_severity = p.pick(['sev1', 'sev2', 'sev3', 'sev3', 'sev4']);
        r.c_impact_users = p.int(1, 500);
        r.c_detected_at = r.creation_date;
        r.c_affected_host = p.pick(words.HOSTS);
        r.c_duration_hours = Math.round(p.next() * 480) / 10;
        r.attachments = [];
        if (p.chance(0.05)) this.addLogFile(r, 'attachments');
        break;
      case 'ACCOUNT':
        r.title = composed(p, [words.COMPANY_PREFIXES, words.COMPANY_SUFFIXES], (w) => w.join(' '), 4);
        r.c_industry = p.pick(['retail', 'manufacturing', 'finance', 'health']);
        r.c_employees = p.int(5, 20000);
        r.c_website = intern(`https://www.${String(r.title).toLowerCase().replace(/[^a-z]+/g, '-')}.example`);
        r.c_account_manager = p.pick(membersOf('SALES'));
        r.attachments = [];
        break;
      case 'DEAL': {
        const accounts = this.idsByApp.get('ACCOUNT') ?? [];
        r.title = composed(p, [words.COMPANY_PREFIXES, words.PRODUCTS], (w) => w.join(' '), 5);
        r.c_deal_value = Math.round(p.next() * 10000000) / 100;
        r.c_close_date = iso(Date.parse(r.creation_date) + p.int(7, 120) * 24 * HOUR_MS);
        r.c_probability = p.pick([10, 25, 50, 75, 90]);
        r.c_account = accounts.length ? p.pick(accounts) : null;
        r.c_email = intern(`${p.pick(words.FIRST_NAMES).toLowerCase()}@${p.pick(words.COMPANY_PREFIXES).toLowerCase()}.example`);
        r.attachments = [];
        r.c_contract = [];
        if (p.chance(0.05)) this.addLogFile(r, 'c_contract');
        break;
      }
      case 'HIRING': {
        const name = `${p.pick(words.FIRST_NAMES)} ${p.pick(words.LAST_NAMES)}`;
        r.c_position = p.pick(words.POSITIONS);
        r.title = intern(`${r.c_position} – ${name}`);
        r.c_salary = p.int(40, 120) * 1000;
        r.c_start_date = iso(Date.parse(r.creation_date) + p.int(30, 90) * 24 * HOUR_MS);
        r.c_confidential = p.chance(0.2) ? 'yes' : 'no';
        r.c_interviewer_id = p.pick(membersOf('HR'));
        r.attachments = [];
        r.c_cv = [];
        break;
      }
    }
  }

  private addLogFile(r: StoredRecord, fieldName: string): void {
    if (this.files.size >= MAX_TEXT_FILES) return;
    const uid = this.prng.guid();
    const text = `${this.prng.pick(words.LOG_LINES)}\n${this.prng.pick(words.LOG_LINES)}\n${this.prng.pick(words.LOG_LINES)}\n`;
    this.files.set(uid, text);
    r[fieldName] = [attachment(uid, `${this.prng.pick(words.HOSTS)}-log.txt`, text)];
  }

  private fixTask(r: StoredRecord, i: number, hostile: boolean): void {
    if (hostile) {
      r.title = `Hostile markup test ${HOSTILE_MARKUP}`;
      r.description = `<p>Rich text with hostile markup:</p>${HOSTILE_MARKUP}`;
      r.c_notes = HOSTILE_MARKUP;
      r.c_external_ref = HOSTILE_MARKUP;
      r.c_confidential = 'no';
      r.parent_id = null;
    } else if (i === 1) {
      r.title = 'Replace printer toner on floor 3';
      r.description = '<p>The office printers on floor 3 print faded pages.</p><p>Toner cartridges are in the supply room.</p>';
      r.state = 'open';
      r.c_confidential = 'no';
      r.c_amount = 120.5;
      r.parent_id = null;
      this.files.set(PRINTER_NOTES_FILE_UID, PRINTER_NOTES_TEXT);
      this.files.set(PRINTER_SPEC_FILE_UID, PRINTER_SPEC_TEXT);
      r.attachments = [attachment(PRINTER_NOTES_FILE_UID, 'printer-notes.txt', PRINTER_NOTES_TEXT)];
      r.c_spec_file = [attachment(PRINTER_SPEC_FILE_UID, 'printer-spec.md', PRINTER_SPEC_TEXT, 'text/markdown')];
    } else if (i === 2) {
      r.title = 'Confidential: salary data export for the auditors';
      r.c_confidential = 'yes';
      r.parent_id = null;
    } else if (i === 3) {
      r.title = 'Roll out new laptops to the support team';
      r.c_confidential = 'no';
      r.parent_id = null;
    } else if (i === 4 || i === 5) {
      r.title = i === 4 ? 'Image the first batch of laptops' : 'Hand out laptops and collect old ones';
      r.c_confidential = 'no';
      r.parent_id = PARENT_TASK_ID;
    }
  }

  /** `firstTask`: IT/TASK1, which draws what the hostile record drew there before, so no other record changes. */
  private writeHistory(app: AppDefinition, r: StoredRecord, createdMs: number, members: string[], firstTask = false): void {
    const p = this.prng;
    const entries: StoredHistoryEntry[] = [];
    const entry = (at: number, who: string, transition: string, changes: Record<string, unknown>, comment?: string): void => {
      const e: StoredHistoryEntry = {
        id: r.id, version_timestamp: iso(at), version_account_id: who, transition,
        project_alias: r.project_alias, publishing_alias: r.publishing_alias, changes,
      };
      if (comment !== undefined) e.comment = comment;
      entries.push(e);
    };
    entry(createdMs, r.created_by_account_id, 'add', { title: r.title, state: app.initialState, priority: r.priority, keeper_id: r.keeper_id });
    let at = createdMs;
    const later = (): number => {
      at = Math.min(at + p.int(1, 96) * HOUR_MS, DEMO_BASE_DATE - 1000);
      return at;
    };
    // Walk the state machine a random number of steps so history explains the current state.
    let state = app.initialState;
    const steps = r.id === PRINTER_TASK_ID ? 0 : p.int(0, 3);
    for (let s = 0; s < steps; s++) {
      const options = app.actions.filter((a: ActionDefinition) => a.visible && a.to && a.from.includes(state));
      if (!options.length) break;
      const action = p.pick(options);
      state = action.to ?? state;
      entry(later(), p.pick(members), action.alias, { state });
    }
    r.state = state;
    const comments = p.int(0, 2);
    for (let c = 0; c < comments; c++) entry(later(), p.pick(members), 'comment', {}, intern(`<p>${p.pick(words.COMMENTS)}</p>`));
    r.amount_of_comments = comments;
    if (p.chance(0.3)) entry(later(), p.pick(members), 'edit', { priority: r.priority });
    if (firstTask) {
      p.int(1, 96);
      p.int(1, 96);
    }
    if (r.id === HOSTILE_TASK_ID) {
      const step = (): number => (at = Math.min(at + HOUR_MS, DEMO_BASE_DATE - 1000));
      entry(step(), r.created_by_account_id, 'comment', {}, HOSTILE_MARKUP);
      entry(step(), r.created_by_account_id, 'edit', { c_notes: r.c_notes }, `<p>edited</p>${HOSTILE_MARKUP}`);
      r.amount_of_comments += 2;
    }
    const last = entries[entries.length - 1];
    r.update_date = last.version_timestamp;
    r.update_account_id = last.version_account_id;
    for (const e of entries) this.history.push(e);
  }
}

/** Deterministic demo data: the same `total` gives the same records, history and files every run. */
export function generateDemoData(total: number): DemoData {
  return new Generator().generate(total);
}

/**
 * Names what generateDemoData makes. A data folder stores its demo data on its first start and
 * loads it while this stays the same; give it a new value with any change to the data made
 * (test/sandbox/domain/demo-data.test.ts fails until then, by a fingerprint of that data), so
 * existing folders make theirs again and show the change.
 */
export const DEMO_DATA_VERSION = '2026-12-06';

export const DEMO_SEED: SeedSource = { version: DEMO_DATA_VERSION, generate: generateDemoData };
