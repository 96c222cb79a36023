import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import {
  DEFAULT_BRANCH_TEMPLATE,
  branchName,
  cutSlug,
  findRecordBranch,
  recordBranchPrefix,
  slug,
  validRefName,
} from '../../../../src/core/work/branchName';

const task = (title: string | undefined, number: number | undefined = 12) => ({ workspace: 'IT', app: 'TASK', number, title });

/** What git itself says of a branch name (the test's witness, not the code under test). */
function gitAccepts(name: string): boolean {
  try {
    execFileSync('git', ['check-ref-format', '--branch', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('work: branch names', () => {
  it('fills the default template lower-cased: task-12-fix-login-timeout', () => {
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task('Fix login timeout')), 'task-12-fix-login-timeout');
  });

  it('spells accented and other Latin letters in ASCII, and drops other scripts', () => {
    assert.equal(slug('Überprüfung der Größe – Straße'), 'uberprufung-der-grosse-strasse');
    assert.equal(slug('Ærø Łódź œuvre'), 'aero-lodz-oeuvre');
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task('登录 超时 fix')), 'task-12-fix');
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task('登录超时')), 'task-12');
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task('🔥 Crash on save 🔥')), 'task-12-crash-on-save');
  });

  it('turns punctuation and git-reserved characters into single hyphens', () => {
    const name = branchName(DEFAULT_BRANCH_TEMPLATE, task('  "Login" fails: ~user^2 @{yesterday} [ui]\\*?.. ../x.lock  '));
    assert.equal(name, 'task-12-login-fails-user-2-yesterday-ui-x-lock');
    assert.ok(gitAccepts(name));
  });

  it('keeps the title part within 60 characters, cut at a word boundary', () => {
    const title = 'Make the nightly export of every workspace resilient against partial network failures';
    const name = branchName(DEFAULT_BRANCH_TEMPLATE, task(title));
    const titlePart = name.slice('task-12-'.length);
    assert.ok(titlePart.length <= 60, titlePart);
    assert.equal(titlePart, 'make-the-nightly-export-of-every-workspace-resilient-against');
    assert.equal(cutSlug('a'.repeat(80)), 'a'.repeat(60), 'one long word is cut where the limit falls');
  });

  it('gives a record without a title (or number) a name git accepts', () => {
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task(undefined)), 'task-12');
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, { workspace: 'IT', app: 'TASK', number: undefined, title: '' }), 'task');
  });

  it('adds -2, -3… when the name is taken by another branch', () => {
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task('Fix'), ['task-12-fix']), 'task-12-fix-2');
    assert.equal(branchName(DEFAULT_BRANCH_TEMPLATE, task('Fix'), ['task-12-fix', 'task-12-fix-2']), 'task-12-fix-3');
  });

  it('keeps folders of a template, and every placeholder', () => {
    assert.equal(branchName('feature/${workspace}/${reference}-${title}', task('Fix it')), 'feature/it/it-task12-fix-it');
    assert.equal(branchName('Users/${app}_${number}', task('x')), 'users/task_12');
    assert.equal(branchName('//.${app}//${number}.lock/', task('x')), 'task/12');
  });

  it('falls back to the default when the template leaves nothing', () => {
    assert.equal(branchName('...', task('Fix')), 'task-12-fix');
  });

  it('makes names git accepts from hostile titles', () => {
    const titles = ['-leading dash', '.hidden', 'end.', 'a..b', 'x.lock', '@', 'a/b/c', 'tab\tand\nnewline', 'ünïcödé/..//', '\u0000\u0007ctrl', 'HEAD', '   '];
    for (const title of titles) {
      for (const template of [DEFAULT_BRANCH_TEMPLATE, '${title}', 'wip/${title}/${number}']) {
        const name = branchName(template, task(title));
        assert.ok(name.length > 0 && gitAccepts(name), `${JSON.stringify(template)} + ${JSON.stringify(title)} gave ${JSON.stringify(name)}`);
      }
    }
    assert.equal(validRefName('A B/.c/d.lock.lock/-e-'), 'a-b/c/d/e');
  });

  it('finds the branch a record already has, even after its title changed', () => {
    const branches = ['main', 'task-123-other', 'task-12-old-title', 'task-12-old-title-2', 'incident-12-x'];
    assert.equal(findRecordBranch(DEFAULT_BRANCH_TEMPLATE, task('New title'), branches), 'task-12-old-title');
    assert.equal(findRecordBranch(DEFAULT_BRANCH_TEMPLATE, task('New title', 123), branches), 'task-123-other');
    assert.equal(findRecordBranch(DEFAULT_BRANCH_TEMPLATE, task('New title', 1), branches), undefined, 'task-1 is not task-12 nor task-123');
    assert.equal(findRecordBranch(DEFAULT_BRANCH_TEMPLATE, task('x', 12), ['task-12']), 'task-12');
  });

  it('has no record prefix for a template that names the record only after its title', () => {
    assert.equal(recordBranchPrefix('${title}-${number}', task('x')), undefined);
    assert.equal(findRecordBranch('${title}-${number}', task('Fix'), ['fix-12', 'other-12']), 'fix-12');
    assert.equal(recordBranchPrefix('${title}', task('x')), undefined);
  });
});
