// A described request (`RecordsClient.describeRequest`) as code a user can run elsewhere: curl,
// fetch (JavaScript) or Python (requests). Without the credential, the token is read from the
// environment variable RECORDS_TOKEN, so a snippet can be pasted into a chat or a ticket.
import type { DescribedRequest } from './http';

export type SnippetLanguage = 'curl' | 'fetch' | 'python';

export const TOKEN_VARIABLE = 'RECORDS_TOKEN';

/** Headers a snippet sets: the request's own, with the credential as a variable where it was left out. */
function headerLines(request: DescribedRequest, tokenExpression: (scheme: string) => string): [string, string, boolean][] {
  const lines: [string, string, boolean][] = Object.entries(request.headers).map(([name, value]) => [name, value, false]);
  if (request.authorizationScheme !== undefined) lines.push(['authorization', tokenExpression(request.authorizationScheme), true]);
  return lines;
}

/** POSIX shell single quotes: everything literal, a quote as '\''. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(request: DescribedRequest): string {
  const parts = [`curl -sS -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value, usesVariable] of headerLines(request, (scheme) => `${scheme} $${TOKEN_VARIABLE}`)) {
    // Double quotes only where the shell must expand the variable; the scheme is a plain word.
    parts.push(usesVariable ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== undefined) parts.push(`--data-raw ${shellQuote(request.body)}`);
  return parts.join(' \\\n  ');
}

export function toFetch(request: DescribedRequest): string {
  const headers = headerLines(request, (scheme) => `\`${scheme} \${process.env.${TOKEN_VARIABLE}}\``)
    .map(([name, value, usesVariable]) => `    ${JSON.stringify(name)}: ${usesVariable ? value : JSON.stringify(value)},`)
    .join('\n');
  const body = request.body === undefined ? '' : `\n  body: JSON.stringify(${indentJson(request.body, '  ')}),`;
  return `const response = await fetch(${JSON.stringify(request.url)}, {\n  method: ${JSON.stringify(request.method)},\n  headers: {\n${headers}\n  },${body}\n});\nconsole.log(await response.json());`;
}

export function toPython(request: DescribedRequest): string {
  const usesVariable = request.authorizationScheme !== undefined;
  const headers = headerLines(request, (scheme) => `f"${scheme} {os.environ['${TOKEN_VARIABLE}']}"`)
    .map(([name, value, variable]) => `        ${JSON.stringify(name)}: ${variable ? value : JSON.stringify(value)},`)
    .join('\n');
  // The body is sent as the exact text the extension sends (data=, not json=, which would re-encode it).
  const body = request.body === undefined ? '' : `\n    data=${JSON.stringify(request.body)}.encode("utf-8"),`;
  return `${usesVariable ? 'import os\n' : ''}import requests\n\nresponse = requests.request(\n    ${JSON.stringify(request.method)},\n    ${JSON.stringify(request.url)},\n    headers={\n${headers}\n    },${body}\n)\nprint(response.json())`;
}

export function requestSnippet(request: DescribedRequest, language: SnippetLanguage): string {
  switch (language) {
    case 'curl':
      return toCurl(request);
    case 'fetch':
      return toFetch(request);
    case 'python':
      return toPython(request);
  }
}

function indentJson(body: string, indent: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2).replace(/\n/g, `\n${indent}`);
  } catch {
    return JSON.stringify(body);
  }
}
