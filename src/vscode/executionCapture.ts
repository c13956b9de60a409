import type * as vscode from 'vscode';
import { OutputCap, type OutputCapLimits } from '../gate/execution/outputCap';
import { OutputEndMarkerScanner } from '../gate/execution/outputEndMarker';
import { TerminalTextScanner } from '../gate/execution/terminalText';

// The output side of the terminal runner (terminalRunner.ts): what VS Code's shell-integration
// executions stream while one of our commands runs, read up to the shell's end-of-output marker.

/**
 * The executions VS Code starts in one terminal while a command of ours runs, each read from its
 * start event (see `GateTerminal.watch` in gateTerminal.ts).
 */
export class ExecutionCaptures {
  private readonly captures: ExecutionCapture[] = [];

  constructor(private readonly token: string, private readonly limits: OutputCapLimits) {}

  /** Called from the start event, before anything else runs: `read()` only sees data emitted after it. */
  started(execution: vscode.TerminalShellExecution): void {
    this.captures.push(new ExecutionCapture(execution, this.token, this.limits));
  }

  ended(execution: vscode.TerminalShellExecution, exitCode: number | undefined): void {
    const capture = this.captures.find((c) => c.execution === execution);
    if (capture && !capture.end) capture.end = { exitCode };
  }

  /** The execution whose stream carried the end-of-output marker of the prompt numbered `seq`. */
  withMarker(seq: number): ExecutionCapture | undefined {
    return this.captures.find((c) => c.markerSeq === seq);
  }

  /**
   * The newest execution that has not ended with some prompt's marker: where the command's output
   * is when its marker never came (VS Code ended the stream early, or it is late).
   */
  latestUnmarked(): ExecutionCapture | undefined {
    for (let i = this.captures.length - 1; i >= 0; i--) {
      if (this.captures[i]!.markerSeq === null) return this.captures[i];
    }
    return undefined;
  }

  /**
   * The executions that carried the output of the prompt numbered `seq`, in order: normally one.
   * Output that forges an end and a new start makes VS Code split it; executions ended by another
   * prompt's marker (an empty line someone entered) are not part of it. Up to the one with the
   * marker, when it came.
   */
  partsOf(seq: number | null): ExecutionCapture[] {
    const parts: ExecutionCapture[] = [];
    for (const capture of this.captures) {
      if (capture.markerSeq !== null && capture.markerSeq !== seq) continue;
      parts.push(capture);
      if (capture.markerSeq !== null) break;
    }
    return parts;
  }

  stop(): void {
    for (const capture of this.captures) capture.stop();
  }
}

/** One execution's output: scanned, capped, up to the shell's end-of-output marker. */
class ExecutionCapture {
  private readonly scanner = new TerminalTextScanner();
  private readonly cap: OutputCap;
  private readonly marker: OutputEndMarkerScanner;
  private stopped = false;
  private readError: string | null = null;
  /** The stream ended (VS Code ended the execution, or the marker was read). */
  streamDone = false;
  /** VS Code's end event, a cross-check only: output can forge it. */
  end: { exitCode: number | undefined } | null = null;

  constructor(readonly execution: vscode.TerminalShellExecution, token: string, limits: OutputCapLimits) {
    this.cap = new OutputCap(limits);
    this.marker = new OutputEndMarkerScanner(token);
    void this.read(execution.read());
  }

  get markerSeq(): number | null {
    return this.marker.seq;
  }

  private async read(stream: AsyncIterable<string>): Promise<void> {
    try {
      for await (const data of stream) {
        if (this.stopped) break;
        this.cap.push(this.scanner.push(this.marker.push(data)));
        if (this.marker.seq !== null) break;
      }
    } catch (error) {
      this.readError = error instanceof Error ? error.message : String(error);
    } finally {
      if (this.marker.seq === null && !this.stopped) this.cap.push(this.scanner.push(this.marker.end()));
      this.streamDone = true;
    }
  }

  /** Stops reading (whatever arrives later is not wanted). */
  stop(): void {
    this.stopped = true;
  }

  /** The output so far; call once. */
  finish(): { output: string; truncatedBytes: number; readError: string | null; foreignCount: number; foreignLabels: string[] } {
    this.stopped = true;
    this.cap.push(this.scanner.push(this.marker.end()));
    this.cap.push(this.scanner.end());
    const { output, truncatedBytes } = this.cap.finish();
    // The stream begins with VS Code's genuine `633;C`; any other shell-integration sequence came from the output.
    const sequences = this.scanner.shellIntegrationSequences;
    const genuine = sequences[0] === '633;C' ? 1 : 0;
    const foreignCount = this.scanner.shellIntegrationSequenceCount - genuine;
    return { output, truncatedBytes, readError: this.readError, foreignCount, foreignLabels: sequences.slice(genuine, genuine + 8) };
  }
}

/** The output of `parts` as one, within one cap (each part was capped on its own while it streamed). */
export function joinParts(parts: readonly ExecutionCapture[], limits: OutputCapLimits) {
  const finished = parts.map((part) => part.finish());
  if (finished.length === 1) {
    const only = finished[0]!;
    return { output: only.output, truncatedBytes: only.truncatedBytes, readErrors: only.readError ? [only.readError] : [], foreignCount: only.foreignCount, foreignLabels: only.foreignLabels };
  }
  const cap = new OutputCap(limits);
  for (const part of finished) cap.push(part.output);
  const joined = cap.finish();
  return {
    output: joined.output,
    truncatedBytes: joined.truncatedBytes + finished.reduce((sum, part) => sum + part.truncatedBytes, 0),
    readErrors: finished.flatMap((part) => (part.readError ? [part.readError] : [])),
    foreignCount: finished.reduce((sum, part) => sum + part.foreignCount, 0),
    foreignLabels: finished.flatMap((part) => part.foreignLabels).slice(0, 8),
  };
}
