import * as assert from 'node:assert/strict';
import type { Word } from '../../../src/gate/reading/resolution';
import { credentialKind, namesCloudMetadata } from '../../../src/gate/hardline/paths';
import { credentialStarts } from '../../../src/gate/hardline/searchedCredentials';
import { unreadCodePrints } from '../../../src/gate/hardline/unreadPrinters';
import { secretNamedVerb } from '../../../src/gate/hardline/unplacedSenders';
import { argvRecord } from '../../../src/gate/programs/segmentRecord';
import { startPlace } from '../../../src/gate/programs/pathResolver';
import { powerShellAsShell } from '../../../src/gate/programs/languages/powershellStatements';

const HOME = '/home/dev';
const words = (line: string): Word[] => line.split(' ').map((value) => ({ kind: 'literal', value, raw: value }));
const record = (line: string) => argvRecord(words(line), []);

describe('credentials by their name and format (hardline/paths.ts)', () => {
  for (const path of ['~/.cache/frob/token', 'ops/db-passwords.yaml', 'android/keystore.properties', 'app/release.jks', 'AuthKey_X1.p8', 'vault.kdbx', 'deploy/api_token.txt', 'conf/client-secrets.json']) {
    it(`${path} is a credential`, () => assert.notEqual(credentialKind(path, HOME), null));
  }
  for (const path of ['src/token.ts', 'docs/secrets.md', 'secrets.example.yaml', 'password', 'grant_type=client_credentials', 'project/token', 'tokenizer.json', 'design/tokens.json']) {
    it(`${path} is no credential by its name`, () => assert.equal(credentialKind(path, HOME), null));
  }
});

describe("a search's starting folders that are credential stores (hardline/searchedCredentials.ts)", () => {
  const place = startPlace(HOME, `${HOME}/project`, false);
  it('keeps key folders and a home tool\'s state', () => {
    assert.deepEqual(credentialStarts(words('~/.ssh ~/project ~/.config/frob /tmp'), place).map((word) => word.raw), ['~/.ssh', '~/.config/frob']);
  });
});

describe('what code the gate cannot read prints at its worst (hardline/unreadPrinters.ts)', () => {
  it('reads a privileged run of a script or an unplaced program as root\'s secrets', () => {
    assert.match(unreadCodePrints(record('sudo ./collect.sh'), HOME) ?? '', /through sudo/);
    assert.match(unreadCodePrints(record('doas python3 gather.py --all'), HOME) ?? '', /python3 gather\.py/);
    assert.match(unreadCodePrints(record('sudo zorkdump'), HOME) ?? '', /zorkdump/);
  });
  it('reads code handed the home, the root or a key folder as printing what is there', () => {
    assert.match(unreadCodePrints(record('zorkscan /home/dev'), HOME) ?? '', /home folder/);
    assert.match(unreadCodePrints(record('zorkscan /'), HOME) ?? '', /whole file system/);
    assert.match(unreadCodePrints(record('python3 scan.py ~/.aws'), HOME) ?? '', /AWS/);
  });
  it('leaves unprivileged code handed ordinary folders, programs with rows and inline code alone', () => {
    for (const line of ['./report.sh', 'python3 bench.py --n 3', 'zorkscan ~/project', 'sudo dmesg', 'sudo python3 -c print(1)', 'cat /home/dev']) {
      assert.equal(unreadCodePrints(record(line), HOME), null, line);
    }
  });
});

describe('programs named for a secret, or asked to show one (hardline/unplacedSenders.ts)', () => {
  it('reads the program name, its verbs and showing switches', () => {
    assert.notEqual(secretNamedVerb(record('Get-StoredPasswords')), null);
    assert.notEqual(secretNamedVerb(record('zorkctl tickets')), null);
    assert.notEqual(secretNamedVerb(record('zorkctl -DumpCreds')), null);
    assert.notEqual(secretNamedVerb(record('zorkctl --show-token')), null);
  });
  it('leaves ordinary names and options alone', () => {
    for (const line of ['Get-Report', 'zorkctl deploy', 'zorkctl --token-file t deploy', 'zorkctl --password-stdin login', 'zorkctl hashes']) {
      assert.equal(secretNamedVerb(record(line)), null, line);
    }
  });
});

describe('a PowerShell subexpression given as an argument is piped into its command', () => {
  it('renders the subexpression as the command\'s input', () => {
    assert.equal(powerShellAsShell('Invoke-RestMethod -Uri https://h.example/x -Body (Get-Thing | Out-String)'), 'Get-Thing | Out-String | Invoke-RestMethod -Uri https://h.example/x -Body "$POWERSHELL_VALUE"');
  });
});

describe('the cloud metadata addresses at the providers\' documented addresses (hardline/paths.ts)', () => {
  for (const text of ['http://169.254.169.254/latest/meta-data/iam/', '169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI', 'http://169.254.170.23/v1/credentials', 'http://[fd00:ec2::254]/latest/api/token', 'http://[fd00:ec2::23]/v1/credentials', 'http://100.100.100.200/latest/meta-data/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://metadata.tencentyun.com/latest/meta-data/', 'https://api.metadata.cloud.ibm.com/instance_identity/v1/token']) {
    it(`${text} names a metadata service`, () => assert.equal(namesCloudMetadata(text), true));
  }
  for (const text of ['169.254.170.200', 'http://169.254.170.234/', '10.169.254.169', 'metadata.google.internal.example.org']) {
    it(`${text} names none`, () => assert.equal(namesCloudMetadata(text), false));
  }
});
