import { z } from 'zod';
import type { Rung } from '../gate/rung';
import type { AgentTool } from './agentTool';
import { listDirectoryTool } from './tools/listDirectory';
import { readFileTool } from './tools/readFile';
import { runShellCommandTool } from './tools/runShellCommand';
import { searchTextTool } from './tools/searchText';
import { writeFileTool } from './tools/writeFile';

/** The `@gate` agent's tools (D§13), and how they are offered to a model. */

export const AGENT_TOOLS: readonly AgentTool[] = [
  runShellCommandTool as AgentTool,
  readFileTool as AgentTool,
  listDirectoryTool as AgentTool,
  searchTextTool as AgentTool,
  writeFileTool as AgentTool,
];

/** A tool as OpenAI-style function calling declares it (what `bindTools` accepts from any provider). */
export interface FunctionToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The declaration the model sees, with the description for the rung in force. */
export function toolDefinition(tool: AgentTool, rung: Rung): FunctionToolDefinition {
  const parameters = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  // The dialect marker means nothing to a provider, and some reject unknown top-level keys.
  delete parameters.$schema;
  return { type: 'function', function: { name: tool.name, description: tool.description(rung), parameters } };
}
