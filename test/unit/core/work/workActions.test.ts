import { strict as assert } from 'node:assert';
import type { AppSchema } from '../../../../src/core/contract/types';
import { guessTargetState, learnWorkAction } from '../../../../src/core/work/workActions';
import { stateCategory } from '../../../../src/extension/browse/tree/model/stateStyle';
import { DEMO_APPS } from '../../../../src/sandbox/demo/apps';

/** The schema the sandbox serves for a demo app (its actions without their target state, as the contract has it). */
function demoSchema(app: string): AppSchema {
  const definition = DEMO_APPS.find((a) => a.alias === app)!;
  return {
    lookups: { state: definition.lookups.state!.map((s) => ({ ...s })) },
    transitions: definition.actions.map((a) => ({ alias: a.alias, caption: a.caption, visible: a.visible })),
  };
}

function schema(states: [string, string][], actions: [string, string, boolean?][]): AppSchema {
  return {
    lookups: { state: states.map(([id, caption]) => ({ id, caption })) },
    transitions: actions.map(([alias, caption, visible]) => ({ alias, caption, visible: visible ?? true })),
  };
}

describe('work: which action starts and which finishes work', () => {
  it('learns the demo task: start (Open → In progress) and finish (→ Done)', () => {
    assert.deepEqual(learnWorkAction('start', demoSchema('TASK'), stateCategory), { kind: 'found', alias: 'start' });
    assert.deepEqual(learnWorkAction('finish', demoSchema('TASK'), stateCategory), { kind: 'found', alias: 'finish' });
  });

  it('learns the demo incident from the states its actions lead to: acknowledge, then resolve rather than close', () => {
    assert.equal(guessTargetState({ alias: 'acknowledge', caption: 'Acknowledge', visible: true }, demoSchema('INCIDENT').lookups!.state!), 'acknowledged');
    assert.deepEqual(learnWorkAction('start', demoSchema('INCIDENT'), stateCategory), { kind: 'found', alias: 'acknowledge' });
    assert.deepEqual(learnWorkAction('finish', demoSchema('INCIDENT'), stateCategory), { kind: 'found', alias: 'resolve' });
  });

  it('never takes an action that leads to another kind of state, whatever its name', () => {
    // "Finish review" leads to Rejected (a failed state): not a way to finish work.
    const app = schema([['open', 'Open'], ['rejected', 'Rejected'], ['done', 'Done']], [['reject', 'Finish review'], ['complete', 'Complete']]);
    assert.deepEqual(learnWorkAction('finish', app, stateCategory), { kind: 'found', alias: 'complete' });
  });

  it('is unclear when two actions fit equally, and offers just those', () => {
    const app = schema([['new', 'New'], ['working', 'Working'], ['review', 'Review']], [['begin_a', 'Begin A'], ['begin_b', 'Begin B'], ['archive', 'Archive']]);
    const learned = learnWorkAction('start', app, stateCategory);
    assert.equal(learned.kind, 'unclear');
    assert.deepEqual(learned.kind === 'unclear' && learned.candidates.map((c) => c.alias), ['begin_a', 'begin_b']);
  });

  it('is unclear, offering every action, when none fits (the demo deal has no finishing word or state)', () => {
    const learned = learnWorkAction('finish', demoSchema('DEAL'), stateCategory);
    assert.equal(learned.kind, 'unclear');
    assert.deepEqual(learned.kind === 'unclear' && learned.candidates.map((c) => c.alias), ['qualify', 'win', 'lose']);
  });

  it('ignores hidden and generic actions, and has none for an app without actions', () => {
    const app = schema([['open', 'Open']], [['edit', 'Edit'], ['start', 'Start', false]]);
    assert.deepEqual(learnWorkAction('start', app, stateCategory), { kind: 'none' });
    assert.deepEqual(learnWorkAction('start', {}, stateCategory), { kind: 'none' });
    assert.deepEqual(learnWorkAction('start', undefined, stateCategory), { kind: 'none' });
  });
});
