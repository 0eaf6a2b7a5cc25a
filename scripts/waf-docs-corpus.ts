/**
 * Builds extra benign corpora for `waf:eval` from real text found on this machine: developer prose
 * full of code samples, HTML badges, shell lines and changelog entries — the kind of content a
 * customer's API receives and the WAF must let through. Not part of the corpus.
 *   npx tsx scripts/waf-docs-corpus.ts [--source npm|pypi|usrdoc|query|all] [out.jsonl]
 *   npm run waf:eval -- .edge-gateway/waf-docs-corpus.jsonl
 * Sources (each measured on its own; a missing directory is skipped):
 *   npm     README / CHANGELOG / HISTORY sections of node_modules (default; out .edge-gateway/waf-docs-corpus.jsonl)
 *   pypi    long descriptions from the METADATA of the Python site-packages
 *   usrdoc  README / changelog / NEWS / *.txt|md|rst under /usr/share/doc (`.gz` ones gunzipped)
 *   query   short lines and titles of the pypi and usrdoc text as GET search-box values (`?q=…`)
 *   all     every source above, each to its own file .edge-gateway/waf-<source>-corpus.jsonl
 * Deterministic: files are read in sorted order, bodies go as form (one in three, by hash) or JSON.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

type Source = 'npm' | 'pypi' | 'usrdoc' | 'query';
const SOURCES: readonly Source[] = ['npm', 'pypi', 'usrdoc', 'query'];

const NPM_DOC_NAMES = new Set(['readme.md', 'changelog.md', 'history.md']);
const MAX_SECTION = 2000;
/** Chunks per document and bytes read per document, so one huge changelog does not dominate. */
const MAX_CHUNKS_PER_DOC = 8;
const MAX_DOC_BYTES = 64 * 1024;
const MAX_QUERIES_PER_DOC = 6;
const BODY_PATHS = ['/api/v1/items', '/comments', '/v2/documents', '/api/notes'];
const QUERY_PATHS = ['/search', '/api/v1/search', '/docs', '/products'];

const sha1 = (text: string) => createHash('sha1').update(text).digest();
const pick = <T>(items: readonly T[], key: string): T => items[sha1(key).readUInt32BE(0) % items.length]!;

function* walk(dir: string, accept: (name: string) => boolean): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, accept);
    else if (entry.isFile() && accept(entry.name)) yield path;
  }
}

interface Doc {
  file: string;
  text: string;
}

/** Yields each distinct document once (by content hash). */
function* distinct(docs: Iterable<Doc>): Generator<Doc> {
  const seen = new Set<string>();
  for (const doc of docs) {
    const digest = sha1(doc.text).toString('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    yield doc;
  }
}

function* npmDocs(root: string): Generator<Doc> {
  for (const file of walk(join(root, 'node_modules'), (name) => NPM_DOC_NAMES.has(name.toLowerCase()))) {
    yield { file, text: readFileSync(file, 'utf8') };
  }
}

function sitePackages(): string[] {
  try {
    const out = execFileSync('python3', ['-c', 'import site, json; print(json.dumps(site.getsitepackages()))'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return (JSON.parse(out) as string[]).filter((dir) => existsSync(dir));
  } catch {
    return [];
  }
}

/** The long description of a wheel's METADATA: the body after the header block, or its Description header. */
function* pypiDocs(): Generator<Doc> {
  for (const dir of sitePackages()) {
    for (const file of walk(dir, (name) => name === 'METADATA')) {
      const text = readFileSync(file, 'utf8');
      const split = text.indexOf('\n\n');
      const header = split < 0 ? text : text.slice(0, split);
      let body = split < 0 ? '' : text.slice(split + 2);
      if (body.trim() === '') {
        const match = /^Description: (.*(?:\n {8}.*|\n\|.*)*)/m.exec(header);
        body = match ? match[1]!.replace(/\n( {8}|\|)/g, '\n') : '';
      }
      const summary = /^Summary: (.*)$/m.exec(header)?.[1] ?? '';
      yield { file, text: `${summary}\n\n${body}`.slice(0, MAX_DOC_BYTES) };
    }
  }
}

const USRDOC_NAME = /^(readme|changelog|changes|news|history|authors|todo|faq)|\.(txt|md|rst)(\.gz)?$/i;

function* usrDocs(): Generator<Doc> {
  const root = '/usr/share/doc';
  if (!existsSync(root)) return;
  for (const file of walk(root, (name) => USRDOC_NAME.test(name) && !/\.(html?|png|gif|pdf|jpg|svg)$/i.test(name))) {
    try {
      if (statSync(file).size > 4 * 1024 * 1024) continue;
      const raw = readFileSync(file);
      const bytes = file.endsWith('.gz') ? gunzipSync(raw).subarray(0, MAX_DOC_BYTES) : raw.subarray(0, MAX_DOC_BYTES);
      const text = bytes.toString('utf8');
      if (text.includes('\u0000') || text.includes('\ufffd')) continue; // binary or not UTF-8
      yield { file, text };
    } catch {
      continue; // a broken or unreadable .gz is not text we can use
    }
  }
}

/** npm docs split at markdown headings (as before); other text packed from paragraphs up to MAX_SECTION. */
function sections(doc: Doc, byHeading: boolean): string[] {
  if (byHeading) return doc.text.split(/\n(?=#)/).map((s) => s.trim().slice(0, MAX_SECTION));
  const chunks: string[] = [];
  let current = '';
  for (const paragraph of doc.text.split(/\n[ \t]*\n/)) {
    if (current !== '' && current.length + paragraph.length > MAX_SECTION) {
      chunks.push(current.trim());
      if (chunks.length >= MAX_CHUNKS_PER_DOC) return chunks;
      current = '';
    }
    current += `${paragraph.slice(0, MAX_SECTION)}\n\n`;
  }
  if (current.trim() !== '') chunks.push(current.trim());
  return chunks.slice(0, MAX_CHUNKS_PER_DOC);
}

/** Short lines a person might type in a search box: titles, headings, list items of 12–80 characters. */
function shortLines(doc: Doc): string[] {
  const lines: string[] = [];
  for (const raw of doc.text.split('\n')) {
    const line = raw
      .replace(/^[\s#*=\-+>|`]+/, '')
      .replace(/[\s#*=`]+$/, '')
      .trim();
    if (line.length < 12 || line.length > 80 || !/[a-z]{3}/i.test(line)) continue;
    if (sha1(`${doc.file}:${line}`).readUInt32BE(0) % 4 !== 0) continue; // a deterministic quarter
    lines.push(line);
    if (lines.length >= MAX_QUERIES_PER_DOC) break;
  }
  return lines;
}

interface Row {
  id: string;
  source: string;
  label: 'benign';
  category: null;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

function bodyRow(id: string, source: string, key: string, body: string): Row {
  const asForm = sha1(key).readUInt32BE(0) % 3 === 0;
  return {
    id,
    source,
    label: 'benign',
    category: null,
    method: 'POST',
    path: source === 'node-modules-docs' ? '/api/v1/items' : pick(BODY_PATHS, key),
    query: '',
    headers: {
      'User-Agent': 'Mozilla/5.0',
      'Content-Type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    body: asForm ? `title=doc&body=${encodeURIComponent(body)}` : JSON.stringify({ title: 'doc', body }),
  };
}

function queryRow(id: string, key: string, text: string): Row {
  return {
    id,
    source: 'local-search-queries',
    label: 'benign',
    category: null,
    method: 'GET',
    path: pick(QUERY_PATHS, key),
    query: `q=${encodeURIComponent(text)}`,
    headers: { 'User-Agent': 'Mozilla/5.0' },
    body: '',
  };
}

function build(source: Source, root: string): { rows: Row[]; docs: number } {
  const rows: Row[] = [];
  let docs = 0;
  const progress = (file: string) => {
    docs++;
    if (docs % 200 === 0)
      process.stderr.write(`  ${source}: ${docs} documents, ${rows.length} rows (${basename(file)})\n`);
  };
  if (source === 'query') {
    const seenLines = new Set<string>();
    for (const doc of distinct([...pypiDocs(), ...usrDocs()])) {
      progress(doc.file);
      for (const line of shortLines(doc)) {
        if (seenLines.has(line)) continue;
        seenLines.add(line);
        rows.push(queryRow(`search-query-${rows.length}`, `${doc.file}:${line}`, line));
      }
    }
    return { rows, docs };
  }
  const [docsOf, sourceName, prefix] =
    source === 'npm'
      ? [npmDocs(root), 'node-modules-docs', 'npm-docs']
      : source === 'pypi'
        ? [pypiDocs(), 'pypi-long-descriptions', 'pypi-desc']
        : [usrDocs(), 'usr-share-doc', 'usr-doc'];
  for (const doc of distinct(docsOf)) {
    progress(doc.file);
    sections(doc, source === 'npm').forEach((body, index) => {
      if (body.length < 40) return;
      rows.push(bodyRow(`${prefix}-${rows.length}`, sourceName, `${doc.file}:${index}`, body));
    });
  }
  return { rows, docs };
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const args = process.argv.slice(2);
  const flag = args.indexOf('--source');
  const wanted = flag >= 0 ? (args.splice(flag, 2)[1] ?? '') : 'npm';
  if (wanted !== 'all' && !SOURCES.includes(wanted as Source)) {
    throw new Error(`--source must be one of ${SOURCES.join(', ')}, all (got '${wanted}')`);
  }
  const outDir = join(root, '.edge-gateway');
  const defaultOut = (source: Source) =>
    source === 'npm' ? join(outDir, 'waf-docs-corpus.jsonl') : join(outDir, `waf-${source}-corpus.jsonl`);
  const selected = wanted === 'all' ? SOURCES : [wanted as Source];
  for (const source of selected) {
    const out = resolve(wanted !== 'all' && args[0] ? args[0] : defaultOut(source));
    const { rows, docs } = build(source, root);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, rows.length > 0 ? `${rows.map((row) => JSON.stringify(row)).join('\n')}\n` : '');
    console.log(`${source}: ${rows.length} benign rows from ${docs} documents -> ${out}`);
  }
}

main();
