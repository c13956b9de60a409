import type { ProgramRow } from '../row';
import { BUILD_ROWS } from './build';
import { CLOUD_ROWS } from './cloud';
import { DISK_ROWS } from './disks';
import { DOTFILE_ROWS } from './dotfiles';
import { EDITOR_ROWS } from './editors';
import { FILE_SERVER_ROWS } from './fileServers';
import { FILE_ROWS } from './files';
import { GIT_HOOK_ROWS } from './gitHooks';
import { INTERPRETER_ROWS } from './interpreters';
import { LANGUAGE_ROWS } from './languages';
import { LAUNCHER_ROWS } from './launchers';
import { LINTER_ROWS } from './linters';
import { GUEST_POWER_ROWS } from './guestPower';
import { MACHINE_POWER_ROWS } from './machinePower';
import { MACHINE_RESET_ROWS } from './machineReset';
import { NETWORK_ROWS } from './network';
import { PASTE_CLIENT_ROWS } from './pasteClients';
import { PLATFORM_ROWS, SETTINGS_ROWS } from './platforms';
import { READER_ROWS } from './readers';
import { MAILER_ROWS } from './mailers';
import { SECRET_MANAGER_ROWS } from './secretStores';
import { SESSION_ROWS } from './sessions';
import { SETTINGS_STORE_ROWS } from './settingsStores';
import { SHELL_ROWS } from './shells';
import { SYSTEM_ROWS } from './system';
import { SYSTEM_IMAGE_ROWS } from './systemImages';
import { WRAPPER_ROWS } from './wrappers';

/**
 * Every row of the program table, by kind. A program is in exactly one file; `table.ts` refuses a
 * name written twice.
 */
export const ROWS: readonly ProgramRow[] = [
  ...WRAPPER_ROWS,
  ...SHELL_ROWS,
  ...READER_ROWS,
  ...INTERPRETER_ROWS,
  ...BUILD_ROWS,
  ...LINTER_ROWS,
  ...CLOUD_ROWS,
  ...EDITOR_ROWS,
  ...FILE_ROWS,
  ...LANGUAGE_ROWS,
  ...LAUNCHER_ROWS,
  ...NETWORK_ROWS,
  ...GIT_HOOK_ROWS,
  ...PASTE_CLIENT_ROWS,
  ...SYSTEM_ROWS,
  ...DISK_ROWS,
  ...MACHINE_POWER_ROWS,
  ...GUEST_POWER_ROWS,
  ...MACHINE_RESET_ROWS,
  ...SYSTEM_IMAGE_ROWS,
  ...PLATFORM_ROWS,
  ...SETTINGS_ROWS,
  ...SESSION_ROWS,
  ...SECRET_MANAGER_ROWS,
  ...MAILER_ROWS,
  ...FILE_SERVER_ROWS,
  ...SETTINGS_STORE_ROWS,
  ...DOTFILE_ROWS,
];
