import { strict as assert } from 'node:assert';
import { declaredCommands } from '../../../src/gate/hardline/declaredCommands';

describe('commands a job or pod specification declares', () => {
  it('joins an HCL task command with the args array that follows it', () => {
    const job = 'task "t" {\n  driver = "raw_exec"\n  config {\n    command = "/bin/rm"\n    args = ["-rf", "/etc"]\n  }\n}';
    assert.deepEqual(declaredCommands(job), ["'/bin/rm' '-rf' '/etc'"]);
  });

  it('reads JSON command and args arrays, and keeps each declaration with its own args', () => {
    const spec = '{"containers":[{"command":["sh"],"args":["-c","rm -rf ~"]},{"command":"echo","args":["hi"]}]}';
    assert.deepEqual(declaredCommands(spec), ["'sh' '-c' 'rm -rf ~'", "'echo' 'hi'"]);
  });

  it('takes a YAML command line without args as written', () => {
    assert.deepEqual(declaredCommands('services:\n  x:\n    command: rm -rf /data\n'), ['rm -rf /data']);
  });

  it('quotes words so that a quote inside one stays inside it', () => {
    assert.deepEqual(declaredCommands(`command = "echo"\nargs = ["it's"]`), [`'echo' 'it'\\''s'`]);
  });

  it('finds nothing in text that declares no command', () => {
    assert.deepEqual(declaredCommands('job "web" { group "g" { count = 2 } }'), []);
  });
});
