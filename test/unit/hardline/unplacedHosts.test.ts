import { strict as assert } from 'node:assert';
import { namesAnotherMachine } from '../../../src/gate/hardline/unplacedSenders';

describe('words that name another machine (unplaced clients)', () => {
  for (const text of ['ftp.example.org', 'broker.example.com:1883', 'https://203.0.113.5/u', 'dev@backup.example.org:/in/', 'u@198.51.100.3', '192.0.2.44', 'mq.internal', 'sftp://files.lan/drop']) {
    it(`${text} names another machine`, () => assert.equal(namesAnotherMachine(text), true));
  }
  for (const text of ['app.tar.gz', 'notes.md', 'dist/app.zip', '~/.aws/credentials', '127.0.0.1', 'file:///home/dev/x', '-h', 'localhost', 'sensors/temp', 'build.log']) {
    it(`${text} names no other machine`, () => assert.equal(namesAnotherMachine(text), false));
  }
});
