/**
 * Builds an extra benign corpus for `waf:eval` from the README / CHANGELOG / HISTORY files of the
 * installed npm packages: developer prose full of code samples, HTML badges and shell lines — the kind
 * of body a customer's API receives and the WAF must let through. Not part of the corpus.
 *   npx tsx scripts/waf-docs-corpus.ts [out.jsonl]     (default .edge-gateway/waf-docs-corpus.jsonl)
 *   npm run waf:eval -- .edge-gateway/waf-docs-corpus.jsonl
 * Deterministic: each section goes as a form body (one in three, by hash) or a JSON body.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DOC_NAMES = new Set(['readme.md', 'changelog.md', 'history.md']);
const MAX_SECTION = 2000;

function* docFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* docFiles(path);
    else if (entry.isFile() && DOC_NAMES.has(entry.name.toLowerCase())) yield path;
  }
}

const sha1 = (text: string) => createHash('sha1').update(text).digest();

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const out = resolve(process.argv[2] ?? join(root, '.edge-gateway', 'waf-docs-corpus.jsonl'));
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const file of [...docFiles(join(root, 'node_modules'))].sort()) {
    const text = readFileSync(file, 'utf8');
    const digest = sha1(text).toString('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    text.split(/\n(?=#)/).forEach((section, index) => {
      const body = section.trim().slice(0, MAX_SECTION);
      if (body.length < 40) return;
      const asForm = sha1(`${file}:${index}`).readUInt32BE(0) % 3 === 0;
      lines.push(
        JSON.stringify({
          id: `npm-docs-${lines.length}`,
          source: 'node-modules-docs',
          label: 'benign',
          category: null,
          method: 'POST',
          path: '/api/v1/items',
          query: '',
          headers: {
            'User-Agent': 'Mozilla/5.0',
            'Content-Type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          body: asForm ? `title=doc&body=${encodeURIComponent(body)}` : JSON.stringify({ title: 'doc', body }),
        }),
      );
    });
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(`${lines.length} benign rows from ${seen.size} documents -> ${out}`);
}

main();
