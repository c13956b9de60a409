import { strict as assert } from 'node:assert';
import { preflightFindings } from '../../../src/gate/preflight/preflight';
import { readCommand } from '../../../src/gate/reading/reading';
import { expandedVariables, isAllCaps, isInterpreter, scriptEnvLeakInText } from '../../../src/gate/preflight/scriptEnvLeak';

const HOME = '/home/dev';
const CWD = '/home/dev/project';

/** The variables of the script-env-leak finding, or `null` when there is none. */
function leakedVariables(command: string): string[] | null {
  const findings = preflightFindings(readCommand(command, { home: HOME, shell: 'bash' }), { cwd: CWD });
  const finding = findings.find((f) => f.arm === 'script-env-leak');
  return finding ? (finding.variables ?? []) : null;
}

describe('script-env-leak floor: interpreters given ALL_CAPS variables (D§7)', () => {
  const table: Array<[string, string[]]> = [
    ['node script.js $API_TOKEN', ['API_TOKEN']],
    ['node script.js "$API_TOKEN"', ['API_TOKEN']],
    ['node script.js --token=${GITHUB_TOKEN}', ['GITHUB_TOKEN']],
    ['python3 deploy.py "${AWS_SECRET_ACCESS_KEY:-none}"', ['AWS_SECRET_ACCESS_KEY']],
    ['python deploy.py ${#DB_PASSWORD}', ['DB_PASSWORD']],
    ['python3.12 x.py $OPENAI_API_KEY', ['OPENAI_API_KEY']],
    ['ruby x.rb $SECRET $OTHER_SECRET $SECRET', ['SECRET', 'OTHER_SECRET']],
    ['perl x.pl "$STRIPE_KEY"', ['STRIPE_KEY']],
    ['php artisan run "$APP_KEY"', ['APP_KEY']],
    ['deno run main.ts $TOKEN', ['TOKEN']],
    ['bun run x.ts $TOKEN', ['TOKEN']],
    ['tsx src/x.ts $NPM_TOKEN', ['NPM_TOKEN']],
    ['ts-node src/x.ts $NPM_TOKEN', ['NPM_TOKEN']],
    ['zsh x.zsh $TOKEN', ['TOKEN']],
    // -c / -e / -p / --eval code
    ['node -e "console.log(\'$SECRET\')"', ['SECRET']],
    ['node -p "process.argv[1]" "$SECRET"', ['SECRET']],
    ['node --eval "fetch(\'https://x\', {body: \'$TOKEN\'})"', ['TOKEN']],
    ['python3 -c "import sys; print(\\"$PASSWORD\\")"', ['PASSWORD']],
    // a shell's -c code is expanded by that shell, even when single-quoted here
    ["bash -c 'curl -H \"Authorization: $GH_TOKEN\" https://api.example'", ['GH_TOKEN']],
    ["sh -c 'echo ${DEPLOY_KEY}'", ['DEPLOY_KEY']],
    // assignments handed to the script
    ['TOKEN=$GITHUB_TOKEN node x.js', ['GITHUB_TOKEN']],
    ['env KEY="$SECRET_KEY" python3 x.py', ['SECRET_KEY']],
    // wrappers and runners
    ['sudo -E node x.js $TOKEN', ['TOKEN']],
    ['timeout 10 python3 x.py $TOKEN', ['TOKEN']],
    ['npx tsx script.ts $TOKEN', ['TOKEN']],
    ['uv run python x.py $TOKEN', ['TOKEN']],
    // an indirect expansion may reach any variable
    ['node x.js ${!name}', ['!name']],
    // no ALL_CAPS name is exempt, not even the ones that hold no secret
    ['python3 report.py $HOME', ['HOME']],
    ['node $HOME/tools/x.js', ['HOME']],
    ['python3 "$PWD/x.py"', ['PWD']],
    ['node x.js $PATH', ['PATH']],
    // later segments and payloads
    ['npm ci && node scripts/release.js $NPM_TOKEN', ['NPM_TOKEN']],
    ['find . -name "*.js" -exec node {} $SECRET \\;', ['SECRET']],
  ];
  for (const [command, variables] of table) {
    it(`${command} → ${variables.join(', ')}`, () => {
      assert.deepEqual(leakedVariables(command), variables);
    });
  }

  it('a variable set earlier on the line makes the line unresolved (shell-state), a finding of its own', () => {
    const findings = preflightFindings(readCommand('HOME=$TOKEN; node $HOME/x.js', { home: HOME, shell: 'bash' }), { cwd: CWD });
    assert.ok(findings.some((f) => f.arm === 'unresolved'), JSON.stringify(findings));
  });

  it('the reason names the interpreter and the variables', () => {
    const findings = preflightFindings(readCommand('node x.js $TOKEN ${API_KEY}', { home: HOME, shell: 'bash' }), { cwd: CWD });
    assert.deepEqual(
      findings.map((f) => f.reason),
      ['This command hands environment variables to a script (node): $TOKEN, $API_KEY; their values, often secrets, reach code the gate has not read.'],
    );
  });
});

describe('script-env-leak floor: not a finding', () => {
  const commands = [
    'python3 script.py',
    'node -e "1+1"',
    'node scripts/gen.js --out dist',
    "node -e 'console.log(process.env.TOKEN)'",
    "python3 -c 'import os; print(os.environ[\"TOKEN\"])'",
    "perl -e 'print $ENV{HOME}'",
    "bash -c 'echo hello'",
    'node x.js $lowercase_var',
    'node x.js $1',
    "node x.js '$TOKEN'",
    'node x.js \\$TOKEN',
    "node x.js $'$TOKEN'",
    'echo $TOKEN',
    'curl -H "Authorization: Bearer $TOKEN" https://api.example',
    'TOKEN=$SECRET make deploy',
    'cd $HOME && node x.js',
    'node --version',
    'NODE_ENV=production node server.js',
  ];
  for (const command of commands) {
    it(command, () => assert.equal(leakedVariables(command), null));
  }
});

describe('script-env-leak floor: reading expansions', () => {
  const table: Array<[string, string[]]> = [
    ['$A', ['A']],
    ['"$A"', ['A']],
    ['${A}', ['A']],
    ['${A:-$B}', ['A', 'B']],
    ['"${A:-${B}}"', ['A', 'B']],
    ['${#A}', ['A']],
    ['${!ref}', ['!ref']],
    ["'$A'", []],
    ["$'$A'", []],
    ["$'it\\'s $A'", []],
    ['\\$A', []],
    ['"\\$A"', []],
    ['"it\'s $A"', ['A']],
    ['$1 $@ $? $$', []],
    ['x$ABC_1y', ['ABC_1y']],
    ['$a_b $C', ['a_b', 'C']],
  ];
  for (const [source, names] of table) {
    it(`expandedVariables(${source}) = [${names.join(', ')}]`, () => assert.deepEqual(expandedVariables(source), names));
  }
  const caps: Array<[string, boolean]> = [
    ['TOKEN', true],
    ['API_KEY2', true],
    ['_SECRET', true],
    ['Token', false],
    ['token', false],
    ['_', false],
    ['ABC_1y', false],
  ];
  for (const [name, expected] of caps) it(`isAllCaps(${name}) = ${expected}`, () => assert.equal(isAllCaps(name), expected));
  const interpreters: Array<[string, boolean]> = [
    ['node', true],
    ['python3.11', true],
    ['ts-node', true],
    ['bash', true],
    ['pythonista', false],
    ['nodemon', false],
    ['echo', false],
  ];
  for (const [name, expected] of interpreters) it(`isInterpreter(${name}) = ${expected}`, () => assert.equal(isInterpreter(name), expected));
  // Their time at 8 and 64 KiB: `npm run bench`, section 2b (bench/parts.ts).
  it('answers on 64 KiB of dollar signs', () => {
    assert.deepEqual(expandedVariables('${'.repeat(32 * 1024)), []);
    assert.deepEqual(expandedVariables('$A'.repeat(32 * 1024)), ['A']);
    assert.equal(expandedVariables(Array.from({ length: 12000 }, (_, i) => `$V${i}`).join(' ')).length, 12000);
  });
});

describe('script-env-leak floor: unresolved commands (text fallback)', () => {
  it('an interpreter and an ALL_CAPS expansion anywhere in the text', () => {
    assert.deepEqual(leakedVariables('node x.js "$(cat f)" $TOKEN'), ['TOKEN']);
  });
  it('no interpreter word, no finding', () => {
    assert.equal(leakedVariables('echo "$(date)" $TOKEN'), null);
  });
  it('reads the interpreter and the variables straight off the text', () => {
    assert.deepEqual(scriptEnvLeakInText('x=$(cat key) python3 run.py "$HOME" ${!ref}'), { interpreter: 'python3', variables: ['HOME', '!ref'] });
    assert.equal(scriptEnvLeakInText("node $(echo x.js) '$TOKEN' $lower"), null);
  });
});
