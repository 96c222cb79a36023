// Error-tolerant recursive-descent parser for RLX. It never throws: where something is missing
// it inserts a Missing node that says what would fit (completion uses that after `state=`), and
// text that fits nowhere becomes an Invalid node. Grammar, AND binding tighter than OR:
//   or        := and ("OR" and)*
//   and       := unary ("AND" unary)*
//   unary     := "(" or ")" | condition
//   condition := FIELD (OPERATOR value | "in" STRING CAST | "like" STRING)
//   value     := STRING | NUMBER | "null" | "NULLOREMPTY"
import {
  type RlxComparisonOperator,
  type RlxErrorCode,
  type RlxExpression,
  type RlxFieldNode,
  type RlxInNode,
  type RlxInvalidNode,
  type RlxLikeNode,
  type RlxMissingNode,
  type RlxNumberNode,
  type RlxParseResult,
  type RlxStringNode,
  type RlxSyntaxError,
} from './nodes';
import { type RlxToken, type RlxTokenType, scanRlx, unescapeRlxString } from './scanner';
import { createRlxPositionDescriber } from './position';

const OPERATOR_SUGGESTIONS = ['=', '!=', '>', '>=', '<', '<=', 'in', 'like'];
const CONDITION_START = ['field', '('];
const CAST_SUGGESTIONS = [':string[]', ':number[]'];
const MAX_NESTING = 64;
/**
 * Errors reported per filter. Text written to stall us (a megabyte of bare words) has an error
 * every few characters; past this many nobody reads them, and keeping them all costs memory and
 * editor time. One more error then says that the rest was left out.
 */
export const MAX_RLX_ERRORS = 100;

// Tokens that, written without spaces between them, read as one unquoted word: `open`,
// `2026-01-01`, `abc%`.
const WORD_PIECES: ReadonlySet<RlxTokenType> = new Set<RlxTokenType>([
  'Identifier', 'Number', 'Unknown', 'And', 'Or', 'In', 'Like', 'Null', 'NullOrEmpty',
]);

function shorten(text: string): string {
  return text.length > 30 ? `${text.slice(0, 29)}…` : text;
}

function describeToken(token: RlxToken): string {
  return token.type === 'EOF' ? 'the end of the filter' : `'${shorten(token.text)}'`;
}

class RlxParser {
  private readonly tokens: RlxToken[];
  private index = 0;
  private depth = 0;
  /** End of the last consumed token: where a Missing node starts. */
  private lastEnd = 0;
  readonly errors: RlxSyntaxError[] = [];
  private readonly describePosition: (offset: number) => string;
  /** Set once MAX_RLX_ERRORS is passed: the rest of the text becomes one Invalid node. */
  private gaveUp = false;

  constructor(private readonly text: string) {
    this.tokens = scanRlx(text).filter((token) => token.type !== 'Whitespace');
    this.describePosition = createRlxPositionDescriber(text);
  }

  parse(): RlxParseResult {
    if (this.peek().type === 'EOF') {
      return { root: undefined, errors: [] };
    }
    const root = this.parseOr();
    return { root, errors: this.errors };
  }

  private peek(): RlxToken {
    return this.tokens[this.index];
  }

  private advance(): RlxToken {
    const token = this.tokens[this.index];
    if (token.type !== 'EOF') {
      this.index++;
      this.lastEnd = token.end;
    }
    return token;
  }

  /** Records an error; `hint` (what to do about it) follows the position in the message. */
  private report(code: RlxErrorCode, message: string, start: number, end: number, hint?: string): void {
    if (this.errors.length > MAX_RLX_ERRORS) {
      return;
    }
    const previous = this.errors[this.errors.length - 1];
    // One place, one message: `AND` alone lacks a condition on both sides, say it once.
    if (previous !== undefined && previous.start === start && previous.end === end) {
      return;
    }
    if (this.errors.length === MAX_RLX_ERRORS) {
      const from = previous?.end ?? start;
      this.errors.push({
        code: 'too_many_errors',
        message: `more than ${MAX_RLX_ERRORS} problems; the first ${MAX_RLX_ERRORS} are shown, from ${this.describePosition(from)} on nothing more is checked: fix these first`,
        start: from,
        end: this.text.length,
      });
      this.gaveUp = true;
      return;
    }
    const position = this.describePosition(start);
    this.errors.push({ code, message: `${message} at ${position}${hint === undefined ? '' : `: ${hint}`}`, start, end });
  }

  /** A Missing node covering the gap between the last token and the next one. */
  private missingHere(expected: string[]): RlxMissingNode {
    const next = this.peek();
    return { kind: 'Missing', expected: [...expected], start: this.lastEnd, end: Math.max(this.lastEnd, next.start) };
  }

  private parseOr(): RlxExpression {
    const operands = [this.parseAnd()];
    while (this.peek().type === 'Or') {
      const orToken = this.advance();
      operands.push(this.parseAnd(orToken));
    }
    return operands.length === 1
      ? operands[0]
      : { kind: 'Or', operands, start: operands[0].start, end: operands[operands.length - 1].end };
  }

  private parseAnd(after?: RlxToken): RlxExpression {
    const operands = [this.parseUnary(after)];
    for (;;) {
      if (this.gaveUp) {
        const rest = this.skipRest();
        if (rest !== undefined) operands.push(rest);
        break;
      }
      const token = this.peek();
      if (token.type === 'And') {
        this.advance();
        operands.push(this.parseUnary(token));
        continue;
      }
      if (token.type === 'Or' || token.type === 'EOF' || (token.type === 'CloseParen' && this.depth > 0)) {
        break;
      }
      if (token.type === 'CloseParen') {
        this.advance();
        this.report('unexpected_close_paren', "unexpected ')'", token.start, token.end, "there is no '(' to close");
        continue;
      }
      // Two conditions side by side: report once, then keep parsing as if AND were there so
      // the editor still has nodes for what follows.
      this.report('expected_and_or', `expected AND or OR before ${describeToken(token)}`, token.start, token.end, 'join conditions with AND or OR');
      operands.push(this.parseUnary(undefined, true));
    }
    return operands.length === 1
      ? operands[0]
      : { kind: 'And', operands, start: operands[0].start, end: operands[operands.length - 1].end };
  }

  private parseUnary(after?: RlxToken, alreadyReported = false): RlxExpression {
    const token = this.peek();
    switch (token.type) {
      case 'OpenParen':
        return this.depth < MAX_NESTING ? this.parseGroup() : this.parseTooDeep();
      case 'Identifier':
        return this.parseCondition();
      case 'And':
      case 'Or':
      case 'EOF':
      case 'CloseParen': {
        if (token.type === 'CloseParen' && this.depth === 0) {
          this.advance();
          if (!alreadyReported) {
            this.report('unexpected_close_paren', "unexpected ')'", token.start, token.end, "there is no '(' to close");
          }
          return { kind: 'Invalid', text: token.text, start: token.start, end: token.end };
        }
        const missing = this.missingHere(CONDITION_START);
        if (after !== undefined) {
          const keyword = after.text.toUpperCase();
          this.report('missing_condition', `missing condition after '${keyword}'`, after.start, after.end);
        } else {
          const message = token.type === 'EOF' ? 'missing condition' : `missing condition before ${describeToken(token)}`;
          this.report('missing_condition', message, token.start, token.end);
        }
        return missing;
      }
      default:
        return this.parseJunk(alreadyReported);
    }
  }

  /** After too many errors: the rest of the text, unparsed (undefined when nothing is left). */
  private skipRest(): RlxInvalidNode | undefined {
    const first = this.peek();
    if (first.type === 'EOF') return undefined;
    const last = this.tokens[this.tokens.length - 2] as RlxToken;
    this.index = this.tokens.length - 1;
    this.lastEnd = last.end;
    return { kind: 'Invalid', text: this.text.slice(first.start, last.end), start: first.start, end: last.end };
  }

  /** Consumes tokens that cannot start a condition, up to the next AND, OR or ')'. */
  private parseJunk(alreadyReported: boolean): RlxInvalidNode {
    const first = this.peek();
    let last = first;
    while (!['And', 'Or', 'CloseParen', 'EOF'].includes(this.peek().type)) {
      last = this.advance();
    }
    if (!alreadyReported) {
      this.report('unexpected_token', `expected a field name or '(' but found ${describeToken(first)}`, first.start, last.end, 'a condition starts with a field, such as state = "open"');
    }
    return { kind: 'Invalid', text: this.text.slice(first.start, last.end), start: first.start, end: last.end };
  }

  /** Gives up on the rest of the text: the recursion must stay far from the stack's limit. */
  private parseTooDeep(): RlxInvalidNode {
    const first = this.peek();
    while (this.peek().type !== 'EOF') {
      this.advance();
    }
    this.report('too_deeply_nested', `more than ${MAX_NESTING} nested parentheses`, first.start, this.lastEnd, 'simplify the filter');
    return { kind: 'Invalid', text: this.text.slice(first.start, this.lastEnd), start: first.start, end: this.lastEnd };
  }

  private parseGroup(): RlxExpression {
    const open = this.advance();
    this.depth++;
    let expression: RlxExpression;
    if (this.peek().type === 'CloseParen') {
      expression = this.missingHere(CONDITION_START);
      this.report('missing_condition', 'empty parentheses', open.start, this.peek().end, "put a condition between '(' and ')'");
    } else {
      expression = this.parseOr();
    }
    this.depth--;
    if (this.peek().type === 'CloseParen') {
      const close = this.advance();
      return { kind: 'Group', expression, closed: true, start: open.start, end: close.end };
    }
    this.report('missing_close_paren', "missing ')' for the '('", open.start, open.end, "add ')' where the group ends");
    return { kind: 'Group', expression, closed: false, start: open.start, end: Math.max(open.end, expression.end) };
  }

  private parseCondition(): RlxExpression {
    const fieldToken = this.advance();
    const field: RlxFieldNode = { kind: 'Field', name: fieldToken.text, start: fieldToken.start, end: fieldToken.end };
    const token = this.peek();
    if (token.type === 'Operator') {
      return this.parseComparison(field, this.advance());
    }
    if (token.type === 'In') {
      return this.parseIn(field, this.advance());
    }
    if (token.type === 'Like') {
      return this.parseLike(field, this.advance());
    }
    const operator = this.missingHere(OPERATOR_SUGGESTIONS);
    this.report(
      'missing_operator',
      `missing operator after '${shorten(field.name)}'`,
      field.start,
      field.end,
      'use =, !=, >, >=, <, <=, in or like',
    );
    return { kind: 'IncompleteCondition', field, operator, start: field.start, end: operator.end };
  }

  private parseComparison(field: RlxFieldNode, operatorToken: RlxToken): RlxExpression {
    const operator = operatorToken.text as RlxComparisonOperator;
    const doubled = this.peek();
    // `==` is a habit from other languages: say so once instead of "missing value" plus junk.
    if (operator === '=' && doubled.type === 'Operator' && doubled.text === '=' && doubled.start === operatorToken.end) {
      this.advance();
      this.report('unexpected_token', "'==' is not an RLX operator", operatorToken.start, doubled.end, "use '=' to compare");
    }
    const token = this.peek();
    if (token.type === 'Null') {
      this.advance();
      if (operator === '=' || operator === '!=') {
        return { kind: 'NullCheck', field, operator, start: field.start, end: token.end };
      }
      this.report('invalid_null_operator', `null cannot be used with '${operator}'`, token.start, token.end, `use ${field.name} = null or ${field.name} != null`);
      const value: RlxInvalidNode = { kind: 'Invalid', text: token.text, start: token.start, end: token.end };
      return { kind: 'Comparison', field, operator, value, start: field.start, end: token.end };
    }
    if (token.type === 'NullOrEmpty') {
      this.advance();
      if (operator === '!=') {
        return { kind: 'NotNullOrEmpty', field, start: field.start, end: token.end };
      }
      this.report('invalid_null_operator', `NULLOREMPTY cannot be used with '${operator}'`, token.start, token.end, `use ${field.name} != NULLOREMPTY`);
      const value: RlxInvalidNode = { kind: 'Invalid', text: token.text, start: token.start, end: token.end };
      return { kind: 'Comparison', field, operator, value, start: field.start, end: token.end };
    }
    const value = this.parseLiteral();
    if (value !== undefined) {
      return { kind: 'Comparison', field, operator, value, start: field.start, end: value.end };
    }
    const expected = ['string', 'number', 'null', ...(operator === '!=' ? ['NULLOREMPTY'] : [])];
    const missing = this.missingHere(expected);
    this.report('missing_value', `missing value after '${operator}'`, operatorToken.start, operatorToken.end, 'add a quoted string, a number or null');
    return { kind: 'Comparison', field, operator, value: missing, start: field.start, end: missing.end };
  }

  private parseIn(field: RlxFieldNode, inToken: RlxToken): RlxInNode {
    const literal = this.parseLiteral();
    let list: RlxInNode['list'];
    if (literal === undefined) {
      list = this.missingHere(['"…"']);
      this.report('missing_list', "missing list after 'in'", inToken.start, inToken.end, 'write a quoted list and its cast, such as "a,b":string[]');
    } else if (literal.kind === 'Number') {
      this.report('unquoted_string', "the list after 'in' must be quoted", literal.start, literal.end, `write "${literal.raw}":number[]`);
      list = { kind: 'Invalid', text: literal.raw, start: literal.start, end: literal.end };
    } else {
      list = literal;
    }
    const castToken = this.peek();
    let cast: RlxInNode['cast'];
    if (castToken.type === 'Cast') {
      this.advance();
      const known = /^:(string|number)\[\]$/i.exec(castToken.text);
      if (known !== null) {
        cast = known[1].toLowerCase() as 'string' | 'number';
      } else {
        cast = { kind: 'Missing', expected: [...CAST_SUGGESTIONS], start: castToken.start, end: castToken.end };
        this.report('unknown_cast', `unknown cast '${shorten(castToken.text)}'`, castToken.start, castToken.end, 'use :string[] or :number[]');
      }
    } else {
      cast = this.missingHere(CAST_SUGGESTIONS);
      if (list.kind !== 'Missing') {
        this.report('missing_cast', "'in' needs a cast such as :string[]", list.start, list.end, 'add :string[] or :number[] right after the list');
      }
    }
    const end = Math.max(this.lastEnd, typeof cast === 'string' ? 0 : cast.end, list.end);
    return { kind: 'In', field, list, cast, start: field.start, end };
  }

  private parseLike(field: RlxFieldNode, likeToken: RlxToken): RlxLikeNode {
    const literal = this.parseLiteral();
    let pattern: RlxLikeNode['pattern'];
    if (literal === undefined) {
      pattern = this.missingHere(['"…%"']);
      this.report('missing_pattern', "missing pattern after 'like'", likeToken.start, likeToken.end, 'add a quoted pattern such as "abc%"');
    } else if (literal.kind === 'Number') {
      this.report('unquoted_string', "the pattern after 'like' must be quoted", literal.start, literal.end, `write "${literal.raw}%"`);
      pattern = { kind: 'Invalid', text: literal.raw, start: literal.start, end: literal.end };
    } else {
      pattern = literal;
    }
    return { kind: 'Like', field, pattern, start: field.start, end: pattern.end };
  }

  /**
   * A string, a number, or an unquoted word (reported, returned as Invalid). Undefined, and
   * nothing consumed, when the next token cannot be a value at all.
   */
  private parseLiteral(): RlxStringNode | RlxNumberNode | RlxInvalidNode | undefined {
    const token = this.peek();
    if (token.type === 'String') {
      this.advance();
      const terminated = token.terminated === true;
      if (!terminated) {
        this.report('unterminated_string', 'unterminated string', token.start, token.end, 'add the closing "');
      }
      return { kind: 'String', value: unescapeRlxString(token.text, terminated), raw: token.text, terminated, start: token.start, end: token.end };
    }
    if (token.type === 'SingleQuotedString') {
      this.advance();
      const inner = token.text.replace(/^'|'$/g, '');
      this.report('single_quoted_string', 'strings use double quotes', token.start, token.end, `write "${shorten(inner)}"`);
      return { kind: 'String', value: inner, raw: token.text, terminated: true, start: token.start, end: token.end };
    }
    if (token.type !== 'Identifier' && token.type !== 'Number' && token.type !== 'Unknown') {
      return undefined;
    }
    const first = this.advance();
    let last = first;
    while (WORD_PIECES.has(this.peek().type) && this.peek().start === last.end) {
      last = this.advance();
    }
    if (first === last && first.type === 'Number') {
      const number: RlxNumberNode = { kind: 'Number', value: Number(first.text), raw: first.text, start: first.start, end: first.end };
      return number;
    }
    const word = this.text.slice(first.start, last.end);
    this.report('unquoted_string', `string value must be quoted: "${shorten(word)}"`, first.start, last.end);
    return { kind: 'Invalid', text: word, start: first.start, end: last.end };
  }
}

/** Parses an RLX filter. Never throws; empty or whitespace-only text gives no root and no error. */
export function parseRlx(text: string): RlxParseResult {
  return new RlxParser(text).parse();
}
