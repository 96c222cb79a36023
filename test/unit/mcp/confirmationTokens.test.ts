import * as assert from 'node:assert/strict';
import type { WritePlan } from '../../../src/core/agents';
import { CONFIRMATION_TTL_MS, ConfirmationTokens } from '../../../src/mcp/confirmationTokens';

const plan = (priority: string, message = `priority: "low" → "${priority}"`): WritePlan => ({
  tool: 'records_update',
  title: 'Change IT/TASK2?',
  message,
  operation: { priority, transition: 'edit', id: '00000000-0000-4000-a000-000000000002' },
  target: 'IT/TASK2',
});

describe('MCP confirmation tokens', () => {
  it('confirm the exact change they were issued for, once', () => {
    const tokens = new ConfirmationTokens();
    const { confirmationToken } = tokens.issue(plan('high'));
    assert.equal(tokens.redeem(confirmationToken, plan('high')), true);
    assert.equal(tokens.redeem(confirmationToken, plan('high')), false, 'used once');
  });

  it('refuse another change, or the same one once the record changed, and are spent by the try', () => {
    const tokens = new ConfirmationTokens();
    const other = tokens.issue(plan('high'));
    assert.equal(tokens.redeem(other.confirmationToken, plan('medium')), false);
    assert.equal(tokens.redeem(other.confirmationToken, plan('high')), false, 'a refused try spends the token');
    const moved = tokens.issue(plan('high'));
    assert.equal(tokens.redeem(moved.confirmationToken, plan('high', 'priority: "medium" → "high"')), false, 'the value now differs from the plan shown');
  });

  it('expire after their time', () => {
    let now = 1_000_000;
    const tokens = new ConfirmationTokens(() => now);
    const issued = tokens.issue(plan('high'));
    assert.equal(issued.expiresAt, new Date(1_000_000 + CONFIRMATION_TTL_MS).toISOString());
    now += CONFIRMATION_TTL_MS + 1;
    assert.equal(tokens.redeem(issued.confirmationToken, plan('high')), false);
  });
});
