import type { Word } from '../reading/resolution';
import type { ArgReading, Grammar } from './grammar';

/**
 * A row of the program table (D§4.3): what one program does with its argv, written once and read
 * by every layer. A row holds the option grammar, read by the one option reader (`grammar.ts`),
 * and the program's **roles**, each naming exactly which option or operand carries it, with a
 * one-line note in our words that the card and the rater's mechanism notes show.
 */

/**
 * What a form of a program does:
 * - `executor`: a value or operand is run (shell text, a shell argv, an interpreter's inline code,
 *   a program path);
 * - `loader`: a script, plugin, library or configuration that runs code is loaded;
 * - `writer`: a file is written (besides standard output);
 * - `network`: a host is contacted (D§7 open world);
 * - `listener`: the program opens the machine to others (a server, a tunnel, a debugger port);
 * - `destructive`: a form that deletes or changes state which a prefix entry for the harmless
 *   form must not cover (`git branch -D`, `docker run --privileged`);
 * - `credentials`: the form prints a secret on standard output (a token, a password, key
 *   material, environment values: `gh auth token`, `printenv NAME`, `kubectl config view --raw`).
 *   The hardline floor refuses it joined to a network sink (D§5, `hardline/exfiltration.ts`).
 *   Printing is what such a form is for, so rows declare it `everyday`: not a carve-out. A
 *   read-only row whose everyday use prints no secret declares it without `everyday` instead,
 *   so the default entry never covers it (jq's `$ENV`, ps's environment forms).
 */
export type Role = 'executor' | 'loader' | 'writer' | 'network' | 'listener' | 'destructive' | 'credentials';

export const ROLES: readonly Role[] = ['executor', 'loader', 'writer', 'network', 'listener', 'destructive', 'credentials'];

/**
 * What a `writer` or `destructive` form does to the place its value names, when more than writing
 * it (the segment record's effects, `programs/effects.ts`; docs/decisions.md "Effects in words come
 * from the record"): `deletes` it (`rm`'s operands), changes its `permissions` (`chmod`), its
 * `owner` (`chown`) or its `times` (`touch`), `truncates` it (`truncate`), or `edits` an entry inside
 * it and keeps the rest (`chsh -s` rewrites one account's line of `/etc/passwd`). Unset: a writer
 * writes, and a destructive form changes state the row's note describes. Permissions, owner and
 * times write no content, and an edit keeps the file's content: the hardline floor's critical-file
 * arm leaves them to its rights arm and to the other layers (the protected-write floor, D§7).
 */
export type Change = 'deletes' | 'permissions' | 'owner' | 'times' | 'truncates' | 'edits';

/** The changes that write a file's rights, owner or times, not its content. */
export const METADATA_CHANGES: ReadonlySet<Change> = new Set(['permissions', 'owner', 'times']);

/** What the value of an executor form is, so that the hardline floor can read it back. */
export type PayloadKind =
  /** shell text, run by `sh -c` (`vim -c '!…'` after the `!`, `gdb -ex '!…'`). */
  | 'shell-text'
  /** a command's argv: the form's value and every word after it (`find -exec`, `parallel`). */
  | 'shell-argv'
  /** an interpreter's inline code (`python3 -c`, `node -e`): read by nobody, run by the program. */
  | 'code'
  /** the path of a program the program starts. */
  | 'program';

/**
 * Where a writer form writes, for the write-target reader (`writeTargets.ts`, D§7 protected
 * write): its value (or operand) is the path of a `file`, or of a folder whose whole `tree` the
 * program may write (an output or extraction folder).
 */
export type WriteScope = 'file' | 'tree';

/** A role carried by an option. */
export interface OptionRole {
  readonly role: Role;
  /** The option's spellings as the reader names them: `-c`, `--eval` (or a long option's key). */
  readonly options: readonly string[];
  /** Only when the option's value (its literal text; null when missing or opaque) says so. */
  readonly when?: (value: string | null) => boolean;
  /** For an executor: what the value is. */
  readonly payload?: PayloadKind;
  /** For `payload`: the part of the value that is run (`vim -c '!rm …'` runs `rm …`). */
  readonly payloadText?: (value: string) => string | null;
  /** A value for the row's tests that this role fires on (default `x`). */
  readonly example?: string;
  /**
   * For a writer: the value is the path written, and the write-target reader reads it from here.
   * Unset: the value is no path written (a mode, a command, a prefix), or a reader of the
   * program's own in `writeTargets.ts` says what it writes.
   */
  readonly target?: WriteScope;
  /** For `target`: the path inside the value (`--cov-report=xml:PATH`), null when the value names none. */
  readonly targetText?: (value: string) => string | null;
  /** See {@link OperandRole.everyday}. */
  readonly everyday?: boolean;
  /** See {@link OperandRole.sends}. */
  readonly sends?: boolean;
  /** See {@link Change}. */
  readonly changes?: Change;
  /** See {@link OperandRole.endsSession}. */
  readonly endsSession?: true;
  /**
   * With this option the program deletes what its operands at these places name once it has
   * archived or sent them (`7z a -sdel ARCHIVE FILES…`: all but the first; `rsync
   * --remove-source-files SRC… DEST`: all but the last). The hardline floor reads it as a deletion
   * of those operands (D§5, `hardline/protectedTrees.ts`).
   */
  readonly removesOperands?: 'all-but-first' | 'all-but-last' | 'last' | 'every';
  readonly note: string;
}

/** A role carried by an operand (after the options; after the subcommand when there is one). */
export interface OperandRole {
  readonly role: Role;
  /** Which operand: its position (0 first), `last`, or `every`. */
  readonly operand: number | 'last' | 'every' | 'all-but-first';
  /** Only when the operand's literal text says so (null when opaque). */
  readonly when?: (text: string | null) => boolean;
  readonly payload?: PayloadKind;
  readonly payloadText?: (value: string) => string | null;
  /** An operand for the row's tests that this role fires on (default `x`). */
  readonly example?: string;
  /** See {@link OptionRole.target}: the operand is the path written. */
  readonly target?: WriteScope;
  /**
   * See {@link OptionRole.targetText}: the path written, from the operand's text (a subcommand
   * verb that rewrites a fixed file: `codex mcp add` writes `~/.codex/config.toml`).
   */
  readonly targetText?: (text: string) => string | null;
  /**
   * The role is the program's own job (`cp`'s target, `tee`'s files, `rm`'s operands): an allow
   * entry for the program covers it, because whoever wrote `cp` meant copying; the preflight and
   * the floors still read it (protected paths, unknown targets, the hardline arms).
   */
  readonly everyday?: boolean;
  /**
   * For a `network` role: the value (or operand) names what the program uploads, a file or folder
   * of this machine (`-`: its standard input). The program is a network sink of the hardline
   * floor's credential-exfiltration arm, which reads those words for credentials
   * (`aws s3 cp ~/.ssh/id_rsa s3://b/k`, `gh gist create ~/.aws/credentials`).
   */
  readonly sends?: boolean;
  /** What the role does to the place its operand names, besides writing it (see {@link Change}). */
  readonly changes?: Change;
  /**
   * The form ends the user's session (a logout: a window manager's or compositor's exit) or the
   * machine's power (`fdesetup authrestart`): the hardline floor's `shutdown` arm refuses it
   * (D§5, hardline/power.ts), whatever the program.
   */
  readonly endsSession?: true;
  readonly note: string;
}

/** A program that runs another program given in its argv (D§4.3 wrappers). */
export interface WrapperRole {
  /**
   * The wrapped command may be covered by an allow entry for it alone (`timeout 30 npm test` by
   * `npm test`): true for wrappers that run the command here, as the same user, in the same folder
   * and environment (timing, priority, buffering). False for wrappers that change who runs it,
   * where, or with what (sudo, chroot, containers, remote hosts, xargs input): an entry must name
   * the wrapper and the wrapped command both.
   */
  readonly peel: boolean;
  /**
   * The wrapped name is first of all the project's own script (`pnpm build`, `yarn lint`: a script
   * of package.json, else a binary the project installed), the project's code as `npm run build`
   * is, not a program of the PATH: no row is missing for it (docs/decisions.md "No row, no safe
   * rating"). Unset for runners that fetch and run a package by name (`npx`, `uvx`, `pnpm dlx`).
   */
  readonly projectScript?: true;
  /**
   * The wrapped command runs on another machine or inside a container (`ssh HOST CMD`,
   * `kubectl exec`): it is a form of its own for allow entries, but the floors and the preflight
   * do not judge it as a command of this machine (`ssh host sudo reboot` reboots the host, not
   * this one), and they read the wrapper itself (its host, its ProxyCommand) instead.
   */
  readonly elsewhere?: boolean;
  /**
   * The wrapper only runs the command here with more variables in its environment (secret managers'
   * and tool-version managers' `run`/`exec`: `doppler run -- CMD`, `direnv exec DIR CMD`): an entry
   * naming the wrapper covers the command it runs unless that command has a form an entry must
   * spell (`doppler run` covers `doppler run -- npm start`, not `doppler run -- sh -c TEXT`).
   * The floors read the command as any wrapper's (docs/decisions.md "Commands run in an environment").
   */
  readonly environmentOnly?: true;
  /** Operands between the options and the command (`timeout DURATION`, `chroot DIR`, `docker run IMAGE`). */
  readonly skip?: number;
  /** The command starts after `--` (`kubectl exec POD -- CMD`). */
  readonly afterDashDash?: boolean;
  /** Options after which nothing is run (`--help`, `sudo -l`), as the reader names them. */
  readonly noCommand?: readonly string[];
  /** A reader of its own, for wrappers whose options do more than precede the command (`env -S`, `watch`, `flock -c`). */
  readonly read?: (args: readonly Word[]) => WrapperReading;
  /**
   * The wrapper adds words it reads from its input at the end of the command (xargs): the keys of
   * its options (as its reader names them) under which it does only that, splitting and batching
   * the input. With only those, an entry for the command may cover it when every word the command
   * can be given only reads and prints (the allow matcher's shapes; docs/decisions.md).
   */
  readonly appendsInput?: readonly string[];
  /**
   * Options (keys as the reader names them) under which the wrapper puts its input inside the
   * command's words instead (xargs -I R, -i[R], --replace[=R]; BSD -J R), each with how: `line`,
   * each input line replaces the replace string in every argument after the program word that
   * holds it, one word per argument; `words`, the input's words stand in place of the first
   * argument that is the replace string. `otherwise`: the replace string when the option has no
   * value (`-i` is `-i{}`). With one of them and otherwise only `replacesInputWith` options, an
   * entry for the command may cover it when the words that hold input are data of its row (the
   * allow matcher; docs/decisions.md, "Input xargs puts inside the command's words").
   */
  readonly replacesInput?: Readonly<Record<string, { readonly into: 'line' | 'words'; readonly otherwise?: string }>>;
  /** Options that keep their meaning beside a `replacesInput` one (not those that cancel it or that it cancels). */
  readonly replacesInputWith?: readonly string[];
  readonly note: string;
}

/** What a wrapper does with the words after its name. */
export interface WrapperReading {
  readonly options: ReadonlyArray<{ readonly name: string; readonly key: string; readonly value: Word | null }>;
  /** The words the wrapper runs next (program first); empty when it runs no command. */
  readonly inner: Word[];
  /**
   * Set when the wrapper hands text to a shell instead of running `inner` as an argv: `watch`
   * without `-x`, `flock … -c TEXT`, `env -S TEXT` that could not be split exactly. The words are
   * joined with spaces to get the text.
   */
  readonly shellText: Word[] | null;
  readonly assignments: Array<{ name: string; value: Word }>;
  readonly exact: boolean;
  /** The wrapper's own operands before the command (`chroot DIR`), when its reader keeps them. */
  readonly positionals?: readonly Word[];
}

/** One form found in an argv: which role, carried by which word, and the row's note. */
export interface Form {
  readonly role: Role;
  /** The program (row name) the form belongs to. */
  readonly program: string;
  /** The word that carries it as written (`-c`, `--eval`, `exec`, `stash drop`). */
  readonly trigger: string;
  /** Index of that word in the argv the form was read from (the program word is 0). */
  readonly index: number;
  /** The value or operand the role acts on, when there is one. */
  readonly value: Word | null;
  readonly payload?: PayloadKind;
  /** The run text of a `shell-text` payload when it is not the whole value. */
  readonly payloadText?: string;
  /** The program's own job (see {@link OperandRole.everyday}): not a carve-out. */
  readonly everyday?: boolean;
  /** `value` is what the program uploads (see {@link OperandRole.sends}). */
  readonly sends?: boolean;
  /** What the form does to the place `value` names (see {@link Change}). */
  readonly changes?: Change;
  /** The form ends the session or the machine's power (see {@link OperandRole.endsSession}). */
  readonly endsSession?: true;
  /** A `credentials` form's secret is made for these hosts (see {@link printsSecret}). */
  readonly usedAt?: readonly string[];
  /** A writer form's {@link OptionRole.target}: `value` is the path written. */
  readonly target?: WriteScope;
  /**
   * A writer form whose `value` is a file the command empties or replaces whole (Ex commands
   * deleting every line and writing the buffer back: `vim -es -c '%d' -c wq FILE`). The hardline
   * floor reads it as a truncation of that file (hardline/deletion.ts `checkCriticalFiles`).
   */
  readonly empties?: true;
  /** With `target` and a `targetText` on the role: the path inside the literal value, null for none. */
  readonly targetPath?: string | null;
  /**
   * Set on the form a wrapper role makes for the command it runs: `here` when that command runs on
   * this machine (the wrapper peeler hands it to every layer already), `elsewhere` when it does not
   * (see {@link WrapperRole.elsewhere}).
   */
  readonly wrapped?: 'here' | 'elsewhere';
  readonly note: string;
}

/** What a subcommand of a program does: the same parts as a row, and the subcommand's own roles. */
export interface Command {
  /** The options of this level (for a row: the global options before any subcommand). */
  readonly grammar?: Grammar;
  readonly options?: readonly OptionRole[];
  readonly operands?: readonly OperandRole[];
  /** Subcommands by name; the first operand picks one. */
  readonly subcommands?: Readonly<Record<string, Command>>;
  /**
   * The command itself has this role whatever its arguments (`git stash drop`, `docker exec`).
   * `everyday` as for {@link OperandRole.everyday} (`gh auth token` prints the token: its job).
   */
  readonly role?: {
    readonly role: Role;
    readonly note: string;
    readonly everyday?: boolean;
    readonly endsSession?: true;
    readonly usedAt?: readonly string[];
    /**
     * The command uploads the folder it runs in, or what is built from it (`npm publish`, `cargo
     * publish`): its form's value is `.` and it {@link OperandRole.sends}, so a credential copied
     * into the workspace before it leaves with the package (docs/decisions.md "A home sent whole,
     * a credential published with the workspace").
     */
    readonly publishes?: true;
    /**
     * The command does not have the role when its arguments are only these literal words, one or
     * more (`shutdown -c` cancels a pending shutdown, `shutdown.exe /a` aborts one: docs/decisions.md,
     * "Cancelling a pending shutdown"). Only alone: a later option may undo them (`shutdown -c -r now`).
     */
    readonly unlessOnly?: readonly string[];
  };
  /** The command runs the command in its operands (`poetry run`, `docker run IMAGE CMD`). */
  readonly wrapper?: WrapperRole;
  /** Options not in the grammar are forms of their own: the gate does not know what they do. */
  readonly strict?: boolean;
  /**
   * A reader of the program's own small language (sed scripts, awk programs, find expressions,
   * tar keys, git configuration keys), for what the declarative parts cannot say. It gets the
   * words after the command word and the reading of them; indexes it reports are into those words.
   */
  readonly read?: (args: readonly Word[], reading: ArgReading) => readonly Form[];
  /**
   * The command runs a command in a container (`docker run IMAGE CMD`): the operand where that
   * command starts, the options that bind host folders into the container (`-v SRC:DST`,
   * `--mount type=bind,…`) and those that set its working folder. The path resolver reads the
   * container's paths below a bind as the host's (`-v /:/h … rm -rf /h/usr` deletes the host's /usr).
   */
  readonly container?: ContainerRun;
  /**
   * The command runs a command in a container and says which of its options hand that command
   * nothing of this machine (docs/decisions.md "A container's command under the runner's entry"):
   * with only those, an entry spelling the runner covers the command it runs, as it covers the
   * image's own entrypoint. Read by `programs/confinedRuns.ts`.
   */
  readonly confined?: ConfinedRun;
  /**
   * The command attaches a folder or device of this machine to a place where later commands of the
   * same line run (D§5, docs/decisions.md "Folders and devices attached earlier on the line"):
   * `lxc config device add C NAME disk source=/ path=/h` binds / at /h of instance C, `multipass
   * mount ~ vm:/h` the home folder at /h of vm, `mount /dev/sda1 /mnt` a device's file system at
   * /mnt of the place the command runs in. Given the texts of the command's operands (null: only
   * known at run time); read by the path walk (`placesAlong`), as it reads links `ln` makes.
   * `optionValues` gives the texts of the values of the options named (`--mount-string`), and
   * whether one of them was given at all (`minikube start --mount`).
   */
  readonly attaches?: (operands: readonly (string | null)[], optionValues: (...names: string[]) => { readonly given: boolean; readonly values: readonly (string | null)[] }) => readonly Attachment[];
  /**
   * The command prints the paths of what it finds under its path operands, one a line (`ls`,
   * `find`, `fd`, `du`, `tree -f`). Piped into a command built from its input (`| xargs rm -rf`),
   * the hardline floor reads those paths at their worst: each root and everything under it
   * (hardline/dataFlow.ts). `pattern`: the first operand is a pattern on names, and only one every
   * name matches (`.`, `''`, `^`) lists everything; `needs`: options one of which it must be given
   * to print whole paths (tree's `-f`); `narrowing`: options (for find, expression words) that keep
   * only some of what is under the roots (`-name`, `-e`, `--exclude`): with one, what it prints is
   * not read at all (a miss rather than refusing `find ~ -name '*.pyc' | xargs rm -f`).
   * `installed`: the command lists the files packages installed (`dpkg -L`, `rpm -ql`, `pacman -Ql`)
   * when given one option of each group; those are at worst system files anywhere under the root
   * (`installedFilesAtWorst` in hardline/paths.ts), whatever its operands.
   */
  readonly printsPaths?: {
    readonly pattern?: true;
    readonly needs?: readonly string[];
    readonly narrowing?: readonly string[];
    readonly installed?: readonly (readonly string[])[];
    /**
     * It prints the names of what is in each folder it is given, not paths, unless given one of
     * these options (ls without `-d`): at worst each name there, the critical files' among them
     * (`ls /boot | while read k; do rm -f "/boot/$k"; done` reaches `vmlinuz`).
     */
    readonly namesUnless?: readonly string[];
    /**
     * It prints every entry at every depth below its roots (find, fd, `tree -f`) unless given one
     * of these depth options: at worst `ROOT/**` too, and deleting each of those one by one is
     * deleting the root's contents (hardline/paths.ts `everyFileBelowTarget`).
     */
    readonly descends?: readonly string[];
    /**
     * Options whose value is a pathname pattern it prints the matches of (`compgen -G '/etc/*'`):
     * at worst every path the pattern matches, read as the glob itself and what is under it.
     */
    readonly globs?: readonly string[];
    /**
     * Options whose value is a regular expression each printed path is matched against (`locate -r
     * '^/etc/'`): anchored at the start with a literal folder, at worst that folder and everything
     * under it; any other expression narrows the listing (unread, a miss rather than a guess).
     */
    readonly regexps?: readonly string[];
  };
  /**
   * What the command prints that the hardline floor reads at its worst (hardline/listings.ts):
   * `file-contents`, the text of its file operands (a system file that lists paths, `/etc/shells`
   * or `/etc/passwd`, holds at worst what hardline/paths.ts `systemListAtWorst` says); `accounts`,
   * account database lines when its first operand is `passwd` (`getent passwd [NAME…]`);
   * `block-devices`, the names of the machine's disks (`lsblk`; `/dev/` paths with `-p`);
   * `mounts`, the machine's file systems, their devices and mount points, `/` among them (`findmnt`,
   * `df`, `blkid`, `mount` with no operand: docs/decisions.md "Listings of every mount, process and
   * terminal").
   */
  readonly printsAtWorst?: 'file-contents' | 'accounts' | 'block-devices' | 'mounts';
  /**
   * Given no operand, the command prints some or all of the lines it reads on its standard input,
   * possibly edited by a person (`fzf`, `vipe`, `pv`, `sponge`): at worst every line it reads goes
   * on to the next command (hardline/dataFlow.ts; docs/decisions.md "Pickers, unknown filters and
   * unknown runners in a pipeline").
   */
  readonly passesInput?: true;
  /** Plain command lines (without the program word) that an entry for the program covers. Tests use them. */
  readonly plain?: readonly string[];
  /**
   * Options whose value is the folder the program works in from there on (`git -C DIR`, `make -C
   * DIR`, `tar -C DIR`, a wrapper's `env -C DIR`, `sudo -D DIR`): a relative path it writes after one
   * resolves from that folder, and several compose (`-C a -C b` is `a/b`). Read at the row's top
   * level by the write-target reader, and for wrappers by the path resolver (`placeInside`).
   */
  readonly workingFolder?: readonly string[];
  /**
   * The leading {@link workingFolder} options do what `cd DIR &&` would and nothing more, so an
   * allow entry for the program's command covers the command after them (`git -C DIR status` by
   * `git status`; the allow matcher's `withoutLeadingFolders`). Left unset where a row carves the
   * option out on purpose (`cargo -C`, `make -C`).
   */
  readonly workingFolderIsCd?: boolean;
  /**
   * The raw block devices this command names that it only reads, queries, mounts or checks through
   * their file system, never overwriting their blocks (D§5 raw-device-write, `hardline/deviceWords.ts`).
   * A device word the row does not place here is a write (`partclone.ext4 -o /dev/sda2`). A
   * `readOnly` row reads every device it names but those its writer forms carry (`xxd -r … /dev/sda`).
   */
  readonly deviceReads?: DeviceReads;
  /**
   * The command's operands may name a disk by its kernel name without `/dev/` (`gpart destroy ada1`,
   * `zpool create tank da0 da1`): such a word is read as the device (`hardline/paths.ts`
   * `bareDiskPath`), placed as read or written by {@link deviceReads} like a `/dev/` path. With
   * `readUnlessOptions`, the program that takes bare names only reads them unless one of those
   * options is given (OpenBSD's `fdisk sd0` prints the table; `-i`, `-e`, `-u` write it), while
   * its `/dev/` paths stay placed by {@link deviceReads} (Linux's `fdisk /dev/sdb` edits).
   */
  readonly bareDevices?: true | { readonly readUnlessOptions: readonly string[] };
  /**
   * The command writes this machine's own flash or firmware, which it names otherwise than by a
   * `/dev/` path (an MTD partition by its label, the running system's image): OpenWrt's `mtd write
   * IMG firmware` and `sysupgrade IMG`, `rpi-eeprom-update -f FILE`, `firstboot`. The hardline floor
   * reads it as a raw device write (D§5, `hardline/deviceWords.ts`; docs/decisions.md "Every block
   * and flash device family").
   */
  readonly flashes?: Flashes;
  /**
   * The command deletes a user account's home folder when given one of `options` (as the reader
   * names them: `-r`, `--remove-home`) and none of `unless` (`sysadminctl -deleteUser … -keepHome`):
   * the hardline floor reads it as a deletion of a home folder (D§5, `hardline/protectedTrees.ts`).
   */
  readonly removesHome?: { readonly options: readonly string[]; readonly unless?: readonly string[] };
  /**
   * The command removes a user account, with or without its home folder (docs/decisions.md "An
   * account removed is catastrophic, with or without its home"): when one of `withOptions` is given
   * (`synouser --del NAME`, `sysadminctl -deleteUser NAME`), or else when the level has an operand
   * (the account: `userdel dev`, `homectl remove dev`); never with one of `unless` (`deluser --group`)
   * or more operands than `operandsAtMost` (`deluser USER GROUP` removes a membership). The hardline
   * floor reads it as the deletion of that account (`hardline/protectedTrees.ts`).
   */
  readonly removesAccount?: { readonly withOptions?: readonly string[]; readonly unless?: readonly string[]; readonly operandsAtMost?: number };
  /**
   * The command deletes what its operands at these places name (`rclone sync SRC DEST` empties DEST
   * of what SRC lacks: the last; `rclone purge PATH`: every; `rclone move SRC… DEST`: all but the
   * last), as {@link OptionRole.removesOperands} says for an option.
   */
  readonly removesOperands?: 'all-but-first' | 'all-but-last' | 'last' | 'every';
  /**
   * The command moves the operands that are not its target (its writer form) away from where they
   * are (`mv SRC… DEST`): read by the segment record's effects (`programs/effects.ts`).
   */
  readonly movesSources?: true;
  /**
   * Options (as the reader names them, or their keys) under which the command's writer forms add
   * to the files they name instead of replacing them (`tee -a`): read by the segment record's effects.
   */
  readonly appendsWith?: readonly string[];
  /**
   * The command removes the packages its operands name (with one of `options` when given: `dpkg -r`,
   * `rpm -e`, `pacman -R`; the command itself otherwise: `apt-get remove`), and `forcedBy` (given at
   * least `forcedTimes` times, default once) makes it remove a package the system cannot run without
   * (`--force-remove-essential`, `--nodeps`, pacman's `-dd`). The hardline floor reads such a removal
   * of an essential package as the system's deletion (D§5, `hardline/essentialPackages.ts`).
   */
  readonly removesPackages?: { readonly options?: readonly string[]; readonly forcedBy: readonly string[]; readonly forcedTimes?: number };
  /**
   * The command prints the name of every installed package (`rpm -qa`, `pacman -Qq`, `dpkg-query
   * -W`, `dpkg --get-selections`) when given one option of each group of `with`, none of
   * `narrowing` (a selection of some packages, or another query: `pacman -Qdt`, `rpm -qal`) and no
   * operand (a pattern). At its worst that list holds the packages the system cannot run without:
   * piped into a forced remover (`| xargs rpm -e --nodeps`), it is read as their removal (D§5,
   * hardline/listings.ts and hardline/essentialPackages.ts).
   */
  readonly listsPackages?: { readonly with: readonly (readonly string[])[]; readonly narrowing?: readonly string[] };
}

/** When a command writes the machine's flash ({@link Command.flashes}); with none of the conditions set, always. */
export interface Flashes {
  /** What is written, in words (`a flash partition`, `the system image`). */
  readonly what: string;
  /** When one of these words is an operand (`mtd write|erase …`). */
  readonly withOperands?: readonly string[];
  /** When one of these options is given, as the reader names them (`mtd -e PART`, `rpi-eeprom-update -f`). */
  readonly withOptions?: readonly string[];
  /** When an operand is given at all (`sysupgrade IMG`). */
  readonly withAnyOperand?: true;
  /** Never with one of these options (`sysupgrade -T` only tests the image). */
  readonly unlessOptions?: readonly string[];
}

/**
 * Where a command only reads the block devices it names ({@link Command.deviceReads}). Each field
 * that is set places some device words as read; a word placed by none is a write.
 */
export interface DeviceReads {
  /** Every device word (a listing or a query: `blkid`, `smartctl`, `mount`). */
  readonly every?: true;
  /** But none when one of these options is given (`debugfs -w` opens the file system for writing). */
  readonly unlessOptions?: readonly string[];
  /**
   * Every device word when one of these options is given, whatever else is: the program only says
   * what it would do (`wipefs --no-act --all`, `ntfslabel --no-action DEV NEW`).
   */
  readonly dryRun?: readonly string[];
  /** Every device word when the command has at most this many operands (`e2label DEV` prints the label, `e2label DEV NEW` writes it). */
  readonly operandsAtMost?: number;
  /** Every device word when one of these options is given, as the reader names them (`fdisk -l`, `mdadm --detail`). */
  readonly withOptions?: readonly string[];
  /** Every device word when one of these words is an operand (`cryptsetup status`, `parted DEV print`, `nvme smart-log`). */
  readonly withOperands?: readonly string[];
  /** Device words in these operands (`ddrescue IN OUT MAP`: 0; `cp SRC… DST`: all but the last). */
  readonly operands?: 'first' | 'all-but-last';
  /** Device words that are the value of these options (`partclone -s SRC`). */
  readonly options?: readonly string[];
  /** Device words in `KEY=` operands with these keys (dd's `if`). */
  readonly keys?: readonly string[];
}

/**
 * How a container or VM runner (or a wrapper that changes the root: `chroot`, `systemd-nspawn`,
 * `nsenter`) maps this machine into the command it runs (D§5, docs/decisions.md "Containers and
 * VMs reach the host"). Option spellings are as the reader names them (`-v`, `--volume`; a
 * wrapper layer's key is matched as `-K` or `--key`). Read by the path resolver (`containerRun`,
 * `placeInside`): a path of the command below a bind is the host path below its source.
 */
export interface ContainerRun {
  /** The operand where the command starts (`docker run IMAGE CMD`: 1), or after the first `--` (`kubectl debug`). */
  readonly command: number | 'after-dash-dash';
  /** `-v SRC:DST[:OPTS]` (a read-only bind, `:ro`, is left out). */
  readonly volumes: readonly string[];
  /** `--mount type=bind,source=SRC,target=DST[,readonly]` (ctr's `options=rbind:rw` too). */
  readonly mounts: readonly string[];
  /** The command's working folder, a path of the container. */
  readonly workdir: readonly string[];
  /** `--bind SRC[:DST[:OPTS]]`, DST defaulting to SRC (systemd-nspawn, apptainer). */
  readonly binds?: readonly string[];
  /**
   * Environment variables the runner reads as more `binds` (`APPTAINER_BIND=/etc:/mnt/etc
   * apptainer exec …`), set in front of the command or by a wrapper (`env`, `sudo NAME=V`, kept by
   * `sudo -E`): read as the first of `binds`.
   */
  readonly bindVariables?: readonly string[];
  /**
   * The command runs in the machine's own namespaces (`kubectl node-shell NODE -- CMD`: the plugin
   * starts a privileged pod that enters the node's PID 1): its paths, devices and processes are the
   * host's, the node taken at its worst as this machine (a local cluster), as for pods.
   */
  readonly hostNamespaces?: true;
  /** Options whose value is the host folder the command runs on as its root (`systemd-nspawn -D DIR`). */
  readonly rootOption?: readonly string[];
  /** The wrapper's positional operand that is the new root (`chroot DIR CMD`: 0). */
  readonly rootPositional?: number;
  /**
   * The command starts in the new root's `/` (`chroot` changes there before it runs the command),
   * unless one of these options keeps the caller's folder (`--skip-chdir`): the same path, read in the new root.
   */
  readonly startsAtRoot?: { readonly unless: readonly string[] };
  /** Flags after which the first operand is a host folder run as the root (`podman run --rootfs DIR`). */
  readonly rootfsFlags?: readonly string[];
  /** Options that hand the command this machine's devices (`--privileged`, `--device DEV`). */
  readonly devices?: readonly string[];
  /**
   * Options that give the command the mounts of another container (`--volumes-from C`), which the
   * line does not say: at their worst a host folder, the root itself, bound at any folder of the
   * container (docs/decisions.md "Another container's mounts are at their worst the host's root").
   */
  readonly inheritsMounts?: readonly string[];
  /**
   * Options whose value adds kernel capabilities (`--cap-add SYS_ADMIN`): a value naming
   * `SYS_ADMIN` or `ALL` (with or without `CAP_`, in a comma list, or only known at run time)
   * lets the command mount file systems, so the host's disks are taken at their worst as handed
   * over, as `--privileged` does (docs/decisions.md "A container given SYS_ADMIN mounts the host's disks").
   */
  readonly capabilities?: readonly string[];
  /**
   * Options whose value is the program the container starts instead of the image's own
   * (`docker run --entrypoint /bin/chmod IMG -R 000 /h`): the words after the image are its
   * arguments. A JSON array value (`--entrypoint '["/bin/rm","-rf"]'`) is the program and its first arguments.
   */
  readonly entrypoint?: readonly string[];
  /** Options that share this machine's processes when their value is `host` (`--pid=host`): PID 1 is the host's init. */
  readonly hostPid?: readonly string[];
  /**
   * The command runs in the mount namespace of the process its `target` option names
   * (`nsenter -t 1 -m`): in a container that shares the host's processes, PID 1's is the host's.
   */
  readonly joins?: { readonly target: readonly string[]; readonly mount: readonly string[] };
  /**
   * Folders of this machine the runner always maps in, given its operands' texts (null: opaque):
   * `kubectl debug node/N` puts the node's root at /host; Lima and Apptainer the home folder
   * (`~`) at its own path.
   */
  readonly fixed?: (operands: readonly (string | null)[]) => ReadonlyArray<{ readonly inside: string; readonly host: string }>;
  /**
   * The operand naming the instance the command runs in (`lxc exec C …`: 0): host folders attached
   * to it earlier on the line ({@link Command.attaches}) are bound in. Without `--` the command
   * starts at the operand after it.
   */
  readonly instance?: number;
  /** Options whose value names that instance (`lxc-attach -n C -- CMD`), for a runner that names it by option. */
  readonly instanceOption?: readonly string[];
  /**
   * The runner reaches a machine it does not name among its operands (`minikube ssh`, whose profile
   * is an option): every folder its program attached earlier on the line is bound in, as for an
   * instance only known at run time.
   */
  readonly anyInstance?: true;
  /**
   * Options whose value is the pod run, as JSON (`kubectl run --overrides`): its container's
   * command, when it names one, is the command, and its `privileged`, `hostPID` and `hostPath`
   * volumes hand it the node's devices, processes and folders (programs/podSpec.ts).
   */
  readonly podSpec?: readonly string[];
  /** The runner hands its command words to a shell there, joined by blanks (`ssh`-like: `podman machine ssh TEXT`). */
  readonly shellText?: true;
}

/**
 * The options of a container run (or an exec into a running container) that are positively known to
 * reach nothing of this machine: no host folder but the workspace's, no device, socket, privilege,
 * host namespace or host network (docs/decisions.md "A container's command under the runner's
 * entry"). A container's image runs code of its own anyway (its entrypoint), so spelling the command
 * adds no authority; what the host cares about is what the container reaches, and that is its
 * options. An option not listed here keeps the command a carve-out the entry must spell.
 */
export interface ConfinedRun {
  /** Options, as the reader names them (`-i`, `--rm`), that hand the command nothing of this machine whatever their value. */
  readonly options: readonly string[];
  /** Options that hand it nothing of this machine for the literal values the test accepts (`--network NAME`, not `host`). */
  readonly values?: Readonly<Record<string, (value: string) => boolean>>;
  /**
   * The binds of the run's `container` (its `volumes` and `mounts` options) are let through when each
   * is a named or anonymous volume, a tmpfs, or a folder of the workspace (containerBinds.ts
   * `workspaceBind`); a writable workspace folder is a write the entry must allow (`writes: true`).
   */
  readonly binds?: true;
  /**
   * What an entry must spell for the command: the runner's command word (`run`: the options say what
   * the new container reaches), or also the instance it runs in (`exec web`: a running container's
   * own binds and privileges are not on the line, so the person names the one they trust).
   */
  readonly spelledBy: 'runner' | 'instance';
}

/** A host folder or device attached by a command (see {@link Command.attaches}). */
export interface Attachment {
  /** The instance it is attached to (`*`: every instance, a profile's device), or null: the place the command runs in. */
  readonly instance: string | null;
  /** The host folder (absolute, `~…`, or relative to the working folder), or the device. */
  readonly host: string;
  /** Where it appears: an absolute path there. */
  readonly inside: string;
  /** `host` is a device whose file system is mounted: at its worst the host's root file system. */
  readonly device?: true;
  /**
   * The runner whose instances these are, when another program's (a cluster creator's nodes are
   * docker containers: `k3d cluster create -v /:/h` attaches to what `docker exec` reaches); by
   * default the attaching row's own.
   */
  readonly family?: string;
}

/** The kinds of program, for the table's documentation and counts. */
export type Category =
  | 'shell'
  | 'interpreter'
  | 'wrapper'
  | 'package'
  | 'build'
  | 'editor'
  | 'pager'
  | 'debugger'
  | 'archive'
  | 'container'
  | 'cloud'
  | 'vcs'
  | 'network'
  | 'file'
  | 'text'
  | 'system'
  | 'database'
  | 'misc';

export interface ProgramRow extends Command {
  /** The names the program is run by (basenames; the first is the row's name). */
  readonly names: readonly string[];
  readonly category: Category;
  /** One line: what the program is. */
  readonly what: string;
  /** Its everyday forms only read and print: it may be on the default allow list (D§6). */
  readonly readOnly?: boolean;
  /** The program runs code it reads from standard input when no script or code is named (shells, interpreters). */
  readonly stdinCode?: boolean;
  /**
   * When standard input is code otherwise than `stdinCode` says (no script operand, or the operand
   * `-`): `always` — whatever the operands (`ed FILE` reads its commands from stdin, `at TIME` its
   * job), unless one of `unless` names a file to read instead (`at -f FILE`); `dashOptions` — when one
   * of these options has the value `-` (`make -f -`: the makefile, recipes and all). `shellText`: the
   * code is shell text (`at` and `batch` hand their job to `sh`). Read by {@link readsCodeFromStdin}.
   */
  readonly stdinCodeForm?: {
    readonly always?: { readonly unless: readonly string[] };
    readonly dashOptions?: readonly string[];
    /** When the operand `-` follows one of these verbs (`nomad job run -`: the job, whose tasks run commands). */
    readonly dashOperandAfter?: readonly string[];
    /**
     * Verbs that start an interpreter of the program's own (`dotnet fsi`, `pandoc lua`): when the
     * first operand is one and no script operand follows it, the interpreter reads its code there.
     */
    readonly interpreterVerbs?: readonly string[];
    /**
     * Options that make the document read on standard input (no file operand, or `-`) run
     * commands (groff's unsafe mode `-U`: its `.sy` requests): with one, the input is code.
     */
    readonly withOptions?: readonly string[];
    /**
     * A remote login given no command (`ssh HOST`, `… | ssh admin@bmc01`): the remote login shell
     * reads its commands from standard input, unless one of `unless` says no command runs at all
     * (`ssh -N`, `-W host:port` forwards the input as data). The text is shell text of the other
     * machine, which the floor takes as this one's (docs/decisions.md "A command run on another
     * machine is judged as this one's").
     */
    readonly withoutCommand?: { readonly unless: readonly string[] };
    readonly shellText?: true;
  };
  /**
   * The program reads its standard input only as data: it never runs it, hands it to a shell or
   * an interpreter, or takes its own program from it (`cat`, `grep`, `wc`, `jq`, a sed script or an
   * awk program without forms). A here-document or here-string fed to it is data, not shell text
   * (D§4.2; docs/decisions.md "Data that only looks like code"; read by programs/stdinData.ts):
   * - `plain`: when the command has no form of the table at all (sed's `e` and `w`, awk's
   *   `system()` and redirections, `-f` files and `sort --compress-program` are forms: with one,
   *   the data may become code, so the here-text stays unread shell text);
   * - `writes`: when every form is a writer form, which writes the data to a file (`tee FILE`):
   *   the write floors read those writes as they read any (D§7).
   */
  readonly stdinData?: 'plain' | 'writes';
  /** The whole program is a wrapper (its own options, then a command). */
  readonly wrapper?: WrapperRole;
  /**
   * The program reads configuration kept in the folder it runs in (or a folder above it) that can
   * name programs it runs: what, in a few words (git: its repository's `.git/config`, with
   * core.pager, core.fsmonitor, diff and filter drivers). Run in a folder outside the one the
   * command was asked in, whose configuration the gate never saw written, it is the preflight's
   * foreign-config floor (D§7), which no allow entry lifts.
   */
  readonly folderConfig?: string;
  /**
   * An option whose value names a module the program runs as a program of its own, with the words
   * after the value as that program's arguments (`python3 -m pytest --junitxml=F` is `pytest
   * --junitxml=F`). The write-target reader reads those words against the module's row.
   */
  readonly runsModule?: { readonly options: readonly string[]; readonly note: string };
}

/**
 * A subcommand's `role` for a form that prints a secret (see {@link Role} `credentials`).
 * `usedAt`: the hosts (and their subdomains) the secret is made for, when they are fixed: a token
 * sent in an authentication header to another host leaves (the hardline floor's
 * credential-exfiltration arm; a host name among the command's own words, `--hostname H`, is one too).
 */
export function printsSecret(note: string, usedAt?: readonly string[]): { readonly role: 'credentials'; readonly note: string; readonly everyday: true; readonly usedAt?: readonly string[] } {
  return usedAt === undefined ? { role: 'credentials', note, everyday: true } : { role: 'credentials', note, everyday: true, usedAt };
}

/**
 * A reader for a command that prints a secret unless one of `options` sends it elsewhere (`op read
 * -o FILE`, `pass show -c`): the `credentials` form, at no word, when none of them is given.
 */
export function printsSecretUnless(trigger: string, note: string, ...options: string[]): NonNullable<Command['read']> {
  return (_args, reading) =>
    reading.options.some((option) => options.includes(option.name) || options.includes(option.key))
      ? []
      : [{ role: 'credentials', program: trigger, trigger, index: -1, value: null, everyday: true, note }];
}

/**
 * A reader for a copy command `SRC… DST` whose DST may be remote (`aws s3 cp`, `gsutil cp`,
 * `rclone copy`): when the last operand is remote, each source that is not is uploaded (a
 * `network` form that {@link OperandRole.sends}); a copy to this machine uploads nothing.
 */
export function uploadsToRemote(isRemote: (text: string) => boolean, note: string): NonNullable<Command['read']> {
  return (_args, reading) => {
    const operands = reading.operands;
    if (operands.length < 2) return [];
    const last = operands[operands.length - 1]!;
    if (last.kind === 'literal' && !isRemote(last.value)) return [];
    const forms: Form[] = [];
    operands.slice(0, -1).forEach((word, k) => {
      if (word.kind === 'literal' && isRemote(word.value)) return;
      const text = word.kind === 'literal' ? word.value : word.raw;
      forms.push({ role: 'network', program: '', trigger: text, index: reading.operandIndexes[k]!, value: word, sends: true, everyday: true, note });
    });
    return forms;
  };
}

/**
 * Subcommands of a program whose words have no role (`gh pr view`, `kubectl scale`), from a list
 * separated by spaces: `{}` each. Rows spread them before the subcommands they give roles, so that
 * the row lists every real subcommand and a word it does not list stays unplaced for the floors
 * (docs/decisions.md "A subcommand the row does not list is unplaced for the floors"). A
 * subcommand that can write outside the workspace, run or load code or send data is never listed
 * here: it gets its roles, or it stays unlisted.
 */
export function withoutRoles(names: string): Record<string, Command> {
  return Object.fromEntries(names.split(/\s+/).filter((name) => name !== '').map((name) => [name, {}]));
}
