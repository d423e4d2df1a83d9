// ACCESS-DOC-1: writes the access table into docs/ACCESS-RULES.md (npm run docs:access).
import fs from 'node:fs';
import path from 'node:path';
import { ACCESS_DOC_BEGIN, ACCESS_DOC_END, accessTableMarkdown } from '@tt/rules';

const file = path.join(import.meta.dirname, '..', 'docs', 'ACCESS-RULES.md');
const doc = fs.readFileSync(file, 'utf8');
const start = doc.indexOf(ACCESS_DOC_BEGIN);
const end = doc.indexOf(ACCESS_DOC_END);
const table = accessTableMarkdown();
const next =
  start === -1
    ? `${doc.trimEnd()}\n\n${table}\n`
    : `${doc.slice(0, start)}${table}${doc.slice(end + ACCESS_DOC_END.length)}`;
fs.writeFileSync(file, next);
console.log(`docs/ACCESS-RULES.md: ${next === doc ? 'unchanged' : 'table written'}`);
